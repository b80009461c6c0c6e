// cusparseSpMM writes its external buffer: two handles on two streams that
// share one buffer race on it (write-write, the 256 bytes
// cusparseSpMM_bufferSize asks for). Also the COO matrix and the dense
// matrices are read and written by their descriptors. The fixed twin gives
// each call its own buffer.
// RUN: %cc_rt -Wl,--no-as-needed -lcusparse -o %t
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
  int *ri, *ci;
  float *val, *B, *C1, *C2;
  char *buf;
  CK(__csan_cudaMalloc((void **)&ri, 6 * sizeof(int), SITE));
  CK(__csan_cudaMalloc((void **)&ci, 6 * sizeof(int), SITE));
  CK(__csan_cudaMalloc((void **)&val, 6 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&B, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C1, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C2, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&buf, 512, SITE));
  cusparseHandle_t h1, h2;
  LK(cusparseCreate(&h1));
  LK(cusparseCreate(&h2));
  LK(cusparseSetStream(h1, s1));
  LK(cusparseSetStream(h2, s2));
  cusparseSpMatDescr_t A;
  cusparseDnMatDescr_t mb, mc1, mc2;
  LK(cusparseCreateCoo(&A, 4, 4, 6, ri, ci, val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO,
                       CUDA_R_32F));
  LK(cusparseCreateDnMat(&mb, 4, 4, 4, B, CUDA_R_32F, CUSPARSE_ORDER_COL));
  LK(cusparseCreateDnMat(&mc1, 4, 4, 4, C1, CUDA_R_32F, CUSPARSE_ORDER_COL));
  LK(cusparseCreateDnMat(&mc2, 4, 4, 4, C2, CUDA_R_32F, CUSPARSE_ORDER_COL));
  float alpha = 1, beta = 0;
  LK(__csan_cusparseSpMM(h1, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
                         &alpha, A, mb, &beta, mc1, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, buf,
                         SITE));
  LK(__csan_cusparseSpMM(h2, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
                         &alpha, A, mb, &beta, mc2, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT,
                         race ? buf : buf + 256, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-write) on 256 bytes at
// RACE-NEXT:   Write of size 256 at {{.*}} by cusparseSpMM on stream
// RACE:        Previous write by cusparseSpMM on stream
// RACE:        Location: bytes [0, 256) of a 512-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
