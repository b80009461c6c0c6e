// cublasLtMatmul takes D's shape from its layout: here row-major, 4 rows of
// 8 floats with a leading dimension of 16 (32 bytes of each row, 64 apart).
// A kernel on another stream reads row 1 ([64, 96)) afterwards: write-read.
// The fixed twin reads the gap after row 0 ([32, 64)).
// RUN: %cc_rt -Wl,--no-as-needed -lcublasLt -o %t
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
  float *A, *B, *D;
  void *ws;
  CK(__csan_cudaMalloc((void **)&A, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&B, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&D, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc(&ws, 512, SITE));
  cublasLtHandle_t lt;
  LK(cublasLtCreate(&lt));
  cublasLtMatmulDesc_t desc;
  LK(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasLtMatrixLayout_t la, lb, ld;
  LK(cublasLtMatrixLayoutCreate(&la, CUDA_R_32F, 4, 4, 4));
  LK(cublasLtMatrixLayoutCreate(&lb, CUDA_R_32F, 4, 8, 4));
  LK(cublasLtMatrixLayoutCreate(&ld, CUDA_R_32F, 4, 8, 16));
  int32_t row = CUBLASLT_ORDER_ROW;
  LK(cublasLtMatrixLayoutSetAttribute(ld, CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof row));
  float alpha = 1, beta = 0;
  LK(__csan_cublasLtMatmul(lt, desc, &alpha, A, la, B, lb, &beta, D, ld, D, ld, NULL, ws, 512, s2,
                           SITE));
  KREAD(s1, (char *)D + (race ? 64 : 32), 32);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 32 bytes at
// RACE:        Previous write by cublasLtMatmul on stream
// RACE:        Location: bytes [64, 96) of a 256-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
