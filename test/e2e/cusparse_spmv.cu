// cusparseSpMV on stream s1 (cusparseSetStream) writes y = A x for a 4x4
// CSR identity; a kernel on s2 reads y with no ordering (write-read on the
// 16 bytes of y). csan reads the matrix and vectors from their descriptors.
// The fixed twin waits for an event recorded after the call.
//
// REQUIRES: cuda-gpu, cuda-lib-cusparse
// RUN: %csan_clangxx -g -O2 %s -o %t.race -lcusparse
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed -lcusparse
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <cusparse.h>

#define CHECK_SP(call)                                                                         \
  do {                                                                                         \
    if ((call) != CUSPARSE_STATUS_SUCCESS) {                                                   \
      fprintf(stderr, "%s failed\n", #call);                                                   \
      return 2;                                                                                \
    }                                                                                          \
  } while (0)

// RACE: WARNING: csan: data race (write-read) on 16 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel twice(float const*, float*) on stream
__global__ void twice(const float *y, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 twice(float const*, float*) {{.*}}cusparse_spmv.cu:[[#R:@LINE+1]]
  out[i] = 2 * y[i];
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *off, *col;
  float *val, *x, *y, *out;
  void *buf;
  const int h_off[5] = {0, 1, 2, 3, 4}, h_col[4] = {0, 1, 2, 3};
  const float h_val[4] = {1, 1, 1, 1}, h_x[4] = {1, 2, 3, 4};
  CHECK_CUDA(cudaMalloc(&off, sizeof h_off));
  CHECK_CUDA(cudaMalloc(&col, sizeof h_col));
  CHECK_CUDA(cudaMalloc(&val, sizeof h_val));
  CHECK_CUDA(cudaMalloc(&x, sizeof h_x));
  CHECK_CUDA(cudaMalloc(&y, 4 * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, 4 * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(off, h_off, sizeof h_off, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(col, h_col, sizeof h_col, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(val, h_val, sizeof h_val, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(x, h_x, sizeof h_x, cudaMemcpyHostToDevice));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t done;
  CHECK_CUDA(cudaEventCreate(&done));
  cusparseHandle_t h;
  CHECK_SP(cusparseCreate(&h));
  CHECK_SP(cusparseSetStream(h, s1));
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t vx, vy;
  CHECK_SP(cusparseCreateCsr(&A, 4, 4, 4, off, col, val, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                             CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
  CHECK_SP(cusparseCreateDnVec(&vx, 4, x, CUDA_R_32F));
  CHECK_SP(cusparseCreateDnVec(&vy, 4, y, CUDA_R_32F));
  const float one = 1, zero = 0;
  size_t bytes = 0;
  CHECK_SP(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy,
                                   CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bytes));
  CHECK_CUDA(cudaMalloc(&buf, bytes ? bytes : 1));
  CHECK_CUDA(cudaDeviceSynchronize());

  // RACE: Previous write by cusparseSpMV on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}cusparse_spmv.cu:[[#@LINE+1]]
  CHECK_SP(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &zero, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, buf));
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(done, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, done, 0));
#endif
  settle();
  twice<<<1, 4, 0, s2>>>(y, out);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 16) of a 16-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-read) {{.*}}cusparse_spmv.cu:[[#R]]:{{[0-9]+}} in twice(float const*, float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h_out[4];
  CHECK_CUDA(cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 4; i++)
    ok &= h_out[i] == 2 * h_x[i];
  return finish(ok);
}
