// An event record node publishes the graph nodes it depends on: a stream
// that waits for the event after the launch is ordered after them. In the
// race build the record node depends on nothing, so the wait orders nothing
// about the writer.
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
  // RACE-NEXT: #0 consume(int const*, int*) {{.*}}graph-event-record-node.cu:[[#R:@LINE+1]]
  out[threadIdx.x] = p[threadIdx.x];
}

// RACE: Previous write of size 4 by kernel produce(int*) on stream
__global__ void produce(int *p) {
  // RACE-NEXT: #0 produce(int*) {{.*}}graph-event-record-node.cu:[[#@LINE+1]]
  p[threadIdx.x] = 5;
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}graph-event-record-node.cu:[[#R]]:{{[0-9]+}} in consume(int const*, int*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 64 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, 64 * sizeof(int)));
  cudaStream_t s = nonblocking_stream(), side = nonblocking_stream();
  cudaEvent_t e;
  CHECK_CUDA(cudaEventCreate(&e));
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  void *args[] = {&buf};
  cudaKernelNodeParams p = {};
  p.func = (void *)produce;
  p.gridDim = dim3(1);
  p.blockDim = dim3(64);
  p.kernelParams = args;
  cudaGraphNode_t w, rec;
  CHECK_CUDA(cudaGraphAddKernelNode(&w, g, nullptr, 0, &p));
#ifdef FIXED
  CHECK_CUDA(cudaGraphAddEventRecordNode(&rec, g, &w, 1, e));
#else
  CHECK_CUDA(cudaGraphAddEventRecordNode(&rec, g, nullptr, 0, e));
#endif
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  CHECK_CUDA(cudaGraphLaunch(x, s));
  CHECK_CUDA(cudaStreamWaitEvent(side, e, 0));
  settle();
  consume<<<1, 64, 0, side>>>(buf, out);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaDeviceSynchronize());
  int h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 5;
  return finish(ok);
}
