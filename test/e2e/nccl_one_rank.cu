// NCCL with one rank: an in-place all-reduce of the gradients on the
// communication stream, then the optimizer kernel on the compute stream
// overwrites them without waiting (write-write: the all-reduce writes its
// receive buffer). The fixed twin makes the compute stream wait for an
// event recorded after the all-reduce.
//
// REQUIRES: cuda-gpu, cuda-lib-nccl
// RUN: %csan_clangxx -g -O2 %s -o %t.race -lnccl
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed -lnccl
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <nccl.h>

constexpr int N = 256;

// RACE: WARNING: csan: data race (write-write) on 1024 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel sgd_step(float*, float const*) on stream
__global__ void sgd_step(float *grad, const float *w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // RACE-NEXT: #0 sgd_step(float*, float const*) {{.*}}nccl_one_rank.cu:[[#R:@LINE+1]]
  grad[i] = 0.5f * w[i];
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *grad, *w;
  CHECK_CUDA(cudaMalloc(&grad, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&w, N * sizeof(float)));
  float h[N];
  for (int i = 0; i < N; i++)
    h[i] = 2.0f;
  CHECK_CUDA(cudaMemcpy(grad, h, sizeof h, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(w, h, sizeof h, cudaMemcpyHostToDevice));
  cudaStream_t comm_stream = nonblocking_stream(), compute = nonblocking_stream();
  cudaEvent_t reduced;
  CHECK_CUDA(cudaEventCreate(&reduced));
  ncclComm_t comm;
  int dev = 0;
  if (ncclCommInitAll(&comm, 1, &dev) != ncclSuccess)
    return 2;
  CHECK_CUDA(cudaDeviceSynchronize());

  // RACE: Previous write by ncclAllReduce on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}nccl_one_rank.cu:[[#@LINE+1]]
  ncclAllReduce(grad, grad, N, ncclFloat, ncclSum, comm, comm_stream);
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(reduced, comm_stream));
  CHECK_CUDA(cudaStreamWaitEvent(compute, reduced, 0));
#endif
  settle();
  sgd_step<<<N / 64, 64, 0, compute>>>(grad, w);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 1024) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-write) {{.*}}nccl_one_rank.cu:[[#R]]:{{[0-9]+}} in sgd_step(float*, float const*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(h, grad, sizeof h, cudaMemcpyDeviceToHost));
  ncclCommDestroy(comm);
  bool ok = true;
  for (int i = 0; i < N; i++)
    ok &= h[i] == 1.0f;
  return finish(ok);
}
