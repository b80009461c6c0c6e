// cublasDestroy synchronizes the device (cuBLAS documents an implicit
// cudaDeviceSynchronize): after it the host has observed the gemm, and a
// kernel on another stream that reads C is ordered after it (FIXED). Without
// the destroy the read races with the gemm's write.
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
  double *A, *C;
  CK(__csan_cudaMalloc((void **)&A, 16 * sizeof(double), SITE));
  CK(__csan_cudaMalloc((void **)&C, 16 * sizeof(double), SITE));
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s2, SITE));
  double alpha = 1, beta = 0;
  LK(__csan_cublasDgemm_v2(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &alpha, A, 4, A, 4, &beta, C, 4,
                           SITE));
  if (!race)
    LK(__csan_cublasDestroy_v2(h, SITE));
  KREAD(s1, C, 128);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 128 bytes at
// RACE:        Previous write by cublasDgemm_v2 on stream
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
