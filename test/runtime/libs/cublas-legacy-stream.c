// A handle whose stream was never set runs on the legacy default stream. A
// kernel on a non-blocking stream is not ordered with it: the gemm's read
// of B races with the kernel's earlier write (write-read). In the fixed twin
// the kernel runs on a blocking stream, which the legacy stream waits for.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s;
  if (race)
    NONBLOCKING_STREAM(s);
  else
    CK(__csan_cudaStreamCreate(&s, SITE));
  float *A, *B, *C;
  CK(__csan_cudaMalloc((void **)&A, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&B, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C, 16 * sizeof(float), SITE));
  KWRITE(s, B, 64);
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  float alpha = 1, beta = 0;
  LK(__csan_cublasSgemm_v2(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &alpha, A, 4, B, 4, &beta, C, 4,
                           SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 64 bytes at
// RACE-NEXT:   Read of size 64 at {{.*}} by cublasSgemm_v2 on stream legacy:
// RACE:        Previous write of size 4 by kernel kwrite(void*, unsigned long) on stream
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
