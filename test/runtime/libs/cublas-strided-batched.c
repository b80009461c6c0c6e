// cublasSgemmStridedBatched writes 3 batches of a 2x2 C, 8 elements apart:
// bytes [0, 16), [32, 48) and [64, 80). A kernel on another stream reads
// batch 1 afterwards, unordered: write-read on [32, 48). The fixed twin reads
// the gap after batch 0 ([16, 32)), which no batch writes.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  float *A, *B, *C;
  CK(__csan_cudaMalloc((void **)&A, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&B, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C, 32 * sizeof(float), SITE));
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s2, SITE));
  float alpha = 1, beta = 0;
  LK(__csan_cublasSgemmStridedBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &alpha, A, 2, 4, B, 2,
                                      4, &beta, C, 2, 8, 3, SITE));
  KREAD(s1, (char *)C + (race ? 32 : 16), 16);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes at
// RACE:        Previous write by cublasSgemmStridedBatched on stream
// RACE:        Location: bytes [32, 48) of a 128-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
