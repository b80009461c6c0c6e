// sgemm with op(A) = A^T and a leading dimension wider than the stored
// rows: A is stored k x m = 8 x 4 with lda 16, so the call reads 32 bytes
// of each of 4 columns, 64 bytes apart. A kernel on another stream wrote
// A's column 1 ([64, 96)): the call reports the race (write-read) with its
// own read of 4 x 32 bytes. The fixed twin's kernel writes the gap between
// columns 0 and 1 ([32, 64)), which the transposed footprint does not cover.
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
  CK(__csan_cudaMalloc((void **)&A, 16 * 4 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&B, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C, 64 * sizeof(float), SITE));
  KWRITE(s1, (char *)A + (race ? 64 : 32), 32);
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s2, SITE));
  float alpha = 1, beta = 0;
  LK(__csan_cublasSgemm_v2(h, CUBLAS_OP_T, CUBLAS_OP_N, 4, 4, 8, &alpha, A, 16, B, 8, &beta, C, 4,
                           SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 32 bytes at 0x[[#%x,ADDR:]]
// RACE-NEXT:   Read of size 128 at 0x[[#ADDR]] by cublasSgemm_v2 on stream 0x{{[0-9a-f]+}}:
// RACE:        Previous write of size 4 by kernel kwrite(void*, unsigned long) on stream 0x{{[0-9a-f]+}}:
// RACE-NEXT:     #0 kwrite(void*, unsigned long) k.cu:3:5
// RACE:        Location: bytes [64, 96) of a 256-byte allocation at
// RACE:      SUMMARY: csan: data race (write-read) {{.*}}cublas-gemm-transposed.c:[[#]]:3 in main
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
