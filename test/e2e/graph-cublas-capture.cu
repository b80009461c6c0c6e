// A cublasSgemm captured into a graph writes C; after the graph's launch
// on s1 a kernel on s2 reads C with nothing ordering it after the launch
// (write-read). csan checks the captured call by its own check nodes in
// the graph, before cuBLAS's nodes, so the write is named after the call,
// its capture line and the launch. The fixed twin makes s2 wait for an
// event recorded after the launch.
//
// REQUIRES: cuda-gpu, cuda-lib-cublas
// RUN: %csan_clangxx -g -O2 %s -o %t.race -lcublas
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed -lcublas
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <cublas_v2.h>

constexpr int N = 16; // C is N x N floats, ldc = N

// RACE: WARNING: csan: data race (write-read) on 1024 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel twice(float const*, float*) on stream
__global__ void twice(const float *c, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // RACE-NEXT: #0 twice(float const*, float*) {{.*}}graph-cublas-capture.cu:[[#R:@LINE+1]]
  out[i] = 2 * c[i];
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *A, *B, *C, *out;
  CHECK_CUDA(cudaMalloc(&A, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&B, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&C, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, N * N * sizeof(float)));
  float ha[N * N];
  for (int i = 0; i < N * N; i++)
    ha[i] = (i % (N + 1)) == 0 ? 1.0f : 0.0f; // identity
  CHECK_CUDA(cudaMemcpy(A, ha, sizeof ha, cudaMemcpyHostToDevice));
  for (int i = 0; i < N * N; i++)
    ha[i] = 1.0f;
  CHECK_CUDA(cudaMemcpy(B, ha, sizeof ha, cudaMemcpyHostToDevice));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t done;
  CHECK_CUDA(cudaEventCreate(&done));
  cublasHandle_t h;
  if (cublasCreate(&h) != CUBLAS_STATUS_SUCCESS || cublasSetStream(h, s1) != CUBLAS_STATUS_SUCCESS)
    return 2;
  CHECK_CUDA(cudaDeviceSynchronize());

  const float one = 1, zero = 0;
  CHECK_CUDA(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  // RACE: Previous write of size 1024 by cublasSgemm_v2 on stream {{.*}} (graph launched at {{.*}}graph-cublas-capture.cu:[[#@LINE+9]]):
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}graph-cublas-capture.cu:[[#@LINE+1]]
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &one, A, N, B, N, &zero, C, N);
  cudaGraph_t g;
  CHECK_CUDA(cudaStreamEndCapture(s1, &g));
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaGraphLaunch(x, s1));
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(done, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, done, 0));
#endif
  settle();
  twice<<<N, N, 0, s2>>>(C, out);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 1024) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-read) {{.*}}graph-cublas-capture.cu:[[#R]]:{{[0-9]+}} in twice(float const*, float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h_out[N * N];
  CHECK_CUDA(cudaMemcpy(h_out, out, sizeof h_out, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaGraphExecDestroy(x));
  CHECK_CUDA(cudaGraphDestroy(g));
  cublasDestroy(h);
  bool ok = true;
  for (int i = 0; i < N * N; i++)
    ok &= h_out[i] == 2.0f; // C = I * ones
  return finish(ok);
}
