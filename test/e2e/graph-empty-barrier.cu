// An empty node joins its dependencies: a node after it is ordered after
// every node before it, and only those. The final fill depends on a barrier
// that (race build) follows only the first of the two half-writers.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on 128 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel fill(int*, int) on stream
// RACE-NEXT: #0 fill(int*, int) {{.*}}graph-empty-barrier.cu:[[#W:@LINE+3]]
// RACE: Previous write of size 4 by kernel fill(int*, int) on stream
// RACE-NEXT: #0 fill(int*, int) {{.*}}graph-empty-barrier.cu:[[#W]]
__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }
// RACE: Location: bytes [128, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}graph-empty-barrier.cu:[[#W]]:{{[0-9]+}} in fill(int*, int)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *buf;
  CHECK_CUDA(cudaMalloc(&buf, 64 * sizeof(int)));
  cudaStream_t s = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  int *lo = buf, *hi = buf + 32;
  int one = 1, two = 2;
  void *a_args[] = {&lo, &one}, *b_args[] = {&hi, &one}, *c_args[] = {&buf, &two};
  cudaKernelNodeParams p = {};
  p.func = (void *)fill;
  p.gridDim = dim3(1);
  p.blockDim = dim3(32);
  cudaGraphNode_t a, b, bar, c;
  p.kernelParams = a_args;
  CHECK_CUDA(cudaGraphAddKernelNode(&a, g, nullptr, 0, &p));
  p.kernelParams = b_args;
  CHECK_CUDA(cudaGraphAddKernelNode(&b, g, nullptr, 0, &p));
#ifdef FIXED
  cudaGraphNode_t both[] = {a, b};
  CHECK_CUDA(cudaGraphAddEmptyNode(&bar, g, both, 2));
#else
  CHECK_CUDA(cudaGraphAddEmptyNode(&bar, g, &a, 1));
#endif
  p.kernelParams = c_args;
  p.blockDim = dim3(64);
  CHECK_CUDA(cudaGraphAddKernelNode(&c, g, &bar, 1, &p));
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  CHECK_CUDA(cudaGraphLaunch(x, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  int h[64];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2;
  return finish(ok);
}
