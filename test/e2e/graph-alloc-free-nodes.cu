// A graph allocates a buffer with an alloc node, a kernel node fills it and
// a free node frees it; the race build's reading kernel node depends on the
// free node (a use after free in graph order), the fixed twin's sits between
// the fill and the free. CUDA lets csan add no node to a graph with memory
// nodes, so csan checks the lifetime with markers on the launch stream: the
// free node's FREE marker runs after the whole graph with the free node's
// clock and meets the read, which is not ordered before the free.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void consume(const float *in, float *out); // defined after main

__global__ void produce(float *p) { p[threadIdx.x] = (float)threadIdx.x; }

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *out;
  CHECK_CUDA(cudaMalloc(&out, 256));
  cudaStream_t s = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  cudaMemAllocNodeParams ap = {};
  ap.poolProps.allocType = cudaMemAllocationTypePinned;
  ap.poolProps.location.type = cudaMemLocationTypeDevice;
  ap.poolProps.location.id = 0;
  ap.bytesize = 1024;
  cudaGraphNode_t mk, fill, use, rel;
  CHECK_CUDA(cudaGraphAddMemAllocNode(&mk, g, nullptr, 0, &ap));
  float *buf = (float *)ap.dptr;
  cudaKernelNodeParams p = {};
  p.gridDim = dim3(1);
  p.blockDim = dim3(64);
  void *pargs[] = {&buf};
  p.func = (void *)produce;
  p.kernelParams = pargs;
  CHECK_CUDA(cudaGraphAddKernelNode(&fill, g, &mk, 1, &p));
  void *cargs[] = {&buf, &out};
  p.func = (void *)consume;
  p.kernelParams = cargs;
#ifdef FIXED
  CHECK_CUDA(cudaGraphAddKernelNode(&use, g, &fill, 1, &p));
  CHECK_CUDA(cudaGraphAddMemFreeNode(&rel, g, &use, 1, buf));
#else
  // RACE: WARNING: csan: data race (use-after-free) on 256 bytes at
  // RACE-NEXT: Free of size 1024 at {{.*}} by graph free node on stream {{.*}} (graph launched at {{.*}}graph-alloc-free-nodes.cu:[[#@LINE+8]]):
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}graph-alloc-free-nodes.cu:[[#F:@LINE+1]]
  CHECK_CUDA(cudaGraphAddMemFreeNode(&rel, g, &fill, 1, buf));
  CHECK_CUDA(cudaGraphAddKernelNode(&use, g, &rel, 1, &p));
#endif
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  CHECK_CUDA(cudaGraphLaunch(x, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok);
}

// RACE: Previous read of size 4 by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}graph-alloc-free-nodes.cu:[[#@LINE+1]]
  out[i] = in[i] * 2.0f;
}
// RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by graph alloc node at:
// RACE: SUMMARY: csan: data race (use-after-free) {{.*}}graph-alloc-free-nodes.cu:[[#F]]{{[: ]}}
// RACE: csan: reported 1 data race(s)
