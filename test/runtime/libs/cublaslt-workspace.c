// cublasLtMatmul writes its workspace: two matmuls on two streams that
// share one workspace race on it (write-write). The fixed twin gives the
// second matmul its own workspace.
// RUN: %cc_rt -Wl,--no-as-needed -lcublasLt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  float *A, *D1, *D2;
  char *ws;
  CK(__csan_cudaMalloc((void **)&A, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&D1, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&D2, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&ws, 2048, SITE));
  cublasLtHandle_t lt;
  LK(cublasLtCreate(&lt));
  cublasLtMatmulDesc_t desc;
  LK(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasLtMatrixLayout_t l;
  LK(cublasLtMatrixLayoutCreate(&l, CUDA_R_32F, 4, 4, 4));
  float alpha = 1, beta = 0;
  LK(__csan_cublasLtMatmul(lt, desc, &alpha, A, l, A, l, &beta, D1, l, D1, l, NULL, ws, 1024, s1,
                           SITE));
  LK(__csan_cublasLtMatmul(lt, desc, &alpha, A, l, A, l, &beta, D2, l, D2, l, NULL,
                           race ? ws : ws + 1024, 1024, s2, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-write) on 1024 bytes at
// RACE-NEXT:   Write of size 1024 at {{.*}} by cublasLtMatmul on stream
// RACE:        Previous write by cublasLtMatmul on stream
// RACE:        Location: bytes [0, 1024) of a 2048-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
