// sgemv with op(A) = A^T, A 8x2: x has m = 8 elements, y has n = 2. A
// kernel on another stream reads y[0..2) afterwards: write-read on [0, 8).
// The fixed twin reads y[4..8), which the transposed gemv does not write
// (the untransposed one would: 8 elements).
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
  float *A, *x, *y;
  CK(__csan_cudaMalloc((void **)&A, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&x, 8 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&y, 8 * sizeof(float), SITE));
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s2, SITE));
  float alpha = 1, beta = 0;
  LK(__csan_cublasSgemv_v2(h, CUBLAS_OP_T, 8, 2, &alpha, A, 8, x, 1, &beta, y, 1, SITE));
  KREAD(s1, y + (race ? 0 : 4), race ? 8 : 16);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 8 bytes at
// RACE:        Previous write by cublasSgemv_v2 on stream
// RACE:        Location: bytes [0, 8) of a 32-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
