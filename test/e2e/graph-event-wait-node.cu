// An event wait node acquires what the event captured: a kernel node after
// it is ordered after the side stream's writer. In the race build the
// reader node does not depend on the wait node.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(int const*, int*) on stream
__global__ void consume(const int *p, int *out) {
  // RACE-NEXT: #0 consume(int const*, int*) {{.*}}graph-event-wait-node.cu:[[#R:@LINE+1]]
  out[threadIdx.x] = p[threadIdx.x];
}

// RACE: Previous write of size 4 by kernel produce(int*) on stream
__global__ void produce(int *p) {
  // RACE-NEXT: #0 produce(int*) {{.*}}graph-event-wait-node.cu:[[#@LINE+1]]
  p[threadIdx.x] = 9;
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}graph-event-wait-node.cu:[[#R]]:{{[0-9]+}} in consume(int const*, int*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 64 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, 64 * sizeof(int)));
  cudaStream_t s = nonblocking_stream(), side = nonblocking_stream();
  cudaEvent_t written;
  CHECK_CUDA(cudaEventCreate(&written));
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  cudaGraphNode_t wait, r;
  CHECK_CUDA(cudaGraphAddEventWaitNode(&wait, g, nullptr, 0, written));
  void *args[] = {&buf, &out};
  cudaKernelNodeParams p = {};
  p.func = (void *)consume;
  p.gridDim = dim3(1);
  p.blockDim = dim3(64);
  p.kernelParams = args;
#ifdef FIXED
  CHECK_CUDA(cudaGraphAddKernelNode(&r, g, &wait, 1, &p));
#else
  CHECK_CUDA(cudaGraphAddKernelNode(&r, g, nullptr, 0, &p));
#endif
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  produce<<<1, 64, 0, side>>>(buf);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaEventRecord(written, side));
  settle();
  CHECK_CUDA(cudaGraphLaunch(x, s));
  CHECK_CUDA(cudaDeviceSynchronize());
  int h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 9;
  return finish(ok);
}
