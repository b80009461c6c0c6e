// Two cuBLAS handles on two streams share one workspace the program set
// with cublasSetWorkspace: their gemms both write it, with nothing ordering
// them (write-write on the 64 KiB workspace, both sides cuBLAS calls with
// their lines). The fixed twin gives each handle its own workspace.
//
// REQUIRES: cuda-gpu, cuda-lib-cublas
// RUN: %csan_clangxx -g -O2 %s -o %t.race -lcublas
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed -lcublas
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <cublas_v2.h>

constexpr int N = 32;
constexpr size_t kWorkspace = 64 << 10;

__global__ void clear(float *p) {
  p[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *A, *C1, *C2;
  char *ws;
  CHECK_CUDA(cudaMalloc(&A, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&C1, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&C2, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&ws, 2 * kWorkspace));
  clear<<<N, N>>>(A);
  CHECK_LAUNCH();
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cublasHandle_t h1, h2;
  if (cublasCreate(&h1) != CUBLAS_STATUS_SUCCESS || cublasCreate(&h2) != CUBLAS_STATUS_SUCCESS)
    return 2;
  cublasSetStream(h1, s1);
  cublasSetStream(h2, s2);
  cublasSetWorkspace(h1, ws, kWorkspace);
#ifdef FIXED
  cublasSetWorkspace(h2, ws + kWorkspace, kWorkspace);
#else
  cublasSetWorkspace(h2, ws, kWorkspace);
#endif
  CHECK_CUDA(cudaDeviceSynchronize());

  const float one = 1, zero = 0;
  // RACE: WARNING: csan: data race (write-write) on 65536 bytes at
  // RACE-NEXT: Write of size 65536 at {{.*}} by cublasSgemm_v2 on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}cublas_workspace_shared.cu:[[#@LINE+6]]
  // RACE: Previous write by cublasSgemm_v2 on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}cublas_workspace_shared.cu:[[#@LINE+1]]
  cublasSgemm(h1, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &one, A, N, A, N, &zero, C1, N);
  settle();
  cublasSgemm(h2, CUBLAS_OP_N, CUBLAS_OP_N, N, N, N, &one, A, N, A, N, &zero, C2, N);
  // RACE: Location: bytes [0, 65536) of a 131072-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-write) {{.*}}cublas_workspace_shared.cu:[[#@LINE-2]]:{{[0-9]+}} in main
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[N * N];
  CHECK_CUDA(cudaMemcpy(h, C2, sizeof h, cudaMemcpyDeviceToHost));
  cublasDestroy(h1);
  cublasDestroy(h2);
  bool ok = true;
  for (int i = 0; i < N * N; i++)
    ok &= h[i] == 0.0f;
  return finish(ok);
}
