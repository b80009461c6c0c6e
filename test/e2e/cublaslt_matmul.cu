// cublasLtMatmul on stream s1 writes D, whose shape csan reads from D's
// matrix layout (16 x 16 floats, column-major); a kernel on s2 reads D with
// no ordering (write-read). The fixed twin waits for an event.
//
// REQUIRES: cuda-gpu, cuda-lib-cublaslt
// RUN: %csan_clangxx -g -O2 %s -o %t.race -lcublasLt
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed -lcublasLt
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <cublasLt.h>

constexpr int N = 16;

#define CHECK_LT(call)                                                                         \
  do {                                                                                         \
    if ((call) != CUBLAS_STATUS_SUCCESS) {                                                     \
      fprintf(stderr, "%s failed\n", #call);                                                   \
      return 2;                                                                                \
    }                                                                                          \
  } while (0)

// RACE: WARNING: csan: data race (write-read) on 64 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel first_column(float const*, float*) on stream
__global__ void first_column(const float *d, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 first_column(float const*, float*) {{.*}}cublaslt_matmul.cu:[[#R:@LINE+1]]
  out[i] = d[i];
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *A, *B, *D, *out;
  CHECK_CUDA(cudaMalloc(&A, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&B, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&D, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, N * sizeof(float)));
  float h[N * N];
  for (int i = 0; i < N * N; i++)
    h[i] = 1.0f;
  CHECK_CUDA(cudaMemcpy(A, h, sizeof h, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(B, h, sizeof h, cudaMemcpyHostToDevice));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t done;
  CHECK_CUDA(cudaEventCreate(&done));
  cublasLtHandle_t lt;
  CHECK_LT(cublasLtCreate(&lt));
  cublasLtMatmulDesc_t desc;
  CHECK_LT(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
  cublasLtMatrixLayout_t layout;
  CHECK_LT(cublasLtMatrixLayoutCreate(&layout, CUDA_R_32F, N, N, N));
  CHECK_CUDA(cudaDeviceSynchronize());

  const float one = 1, zero = 0;
  // RACE: Previous write by cublasLtMatmul on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}cublaslt_matmul.cu:[[#@LINE+1]]
  CHECK_LT(cublasLtMatmul(lt, desc, &one, A, layout, B, layout, &zero, D, layout, D, layout, nullptr, nullptr, 0, s1));
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(done, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, done, 0));
#endif
  settle();
  first_column<<<1, N, 0, s2>>>(D, out);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 64) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-read) {{.*}}cublaslt_matmul.cu:[[#R]]:{{[0-9]+}} in first_column(float const*, float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h_out[N];
  CHECK_CUDA(cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < N; i++)
    ok &= h_out[i] == (float)N;
  return finish(ok);
}
