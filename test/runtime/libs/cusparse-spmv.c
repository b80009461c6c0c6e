// cusparseSpMV on the handle's stream: the CSR matrix and x are read, y is
// written, and the external buffer (the size cusparseSpMV_bufferSize gives)
// is written. A kernel on another stream reads y afterwards: write-read.
// The fixed twin waits for an event recorded after the call.
// RUN: %cc_rt -Wl,--no-as-needed -lcusparse -o %t
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
  int *off, *ind;
  float *val, *x, *y;
  void *buf;
  CK(__csan_cudaMalloc((void **)&off, 5 * sizeof(int), SITE));
  CK(__csan_cudaMalloc((void **)&ind, 6 * sizeof(int), SITE));
  CK(__csan_cudaMalloc((void **)&val, 6 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&x, 4 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&y, 4 * sizeof(float), SITE));
  CK(__csan_cudaMalloc(&buf, 128, SITE));
  cusparseHandle_t h;
  LK(cusparseCreate(&h));
  LK(cusparseSetStream(h, s1));
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t vx, vy;
  LK(cusparseCreateCsr(&A, 4, 4, 6, off, ind, val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                       CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  LK(cusparseCreateDnVec(&vx, 4, x, CUDA_R_32F));
  LK(cusparseCreateDnVec(&vy, 4, y, CUDA_R_32F));
  cudaEvent_t done;
  CK(__csan_cudaEventCreate(&done, SITE));
  float alpha = 1, beta = 0;
  LK(__csan_cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy,
                         CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buf, SITE));
  if (!race) {
    CK(__csan_cudaEventRecord(done, s1, SITE));
    CK(__csan_cudaStreamWaitEvent(s2, done, 0, SITE));
  }
  KREAD(s2, y, 16);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes at
// RACE:        Previous write by cusparseSpMV on stream
// RACE:        Location: bytes [0, 16) of a 16-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
