// A host node orders like any node: the second kernel node, after the host
// node that follows the first, is ordered after the first. In the race
// build it depends on nothing.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel fill(int*, int) on stream
// RACE-NEXT: #0 fill(int*, int) {{.*}}graph-host-node.cu:[[#W:@LINE+3]]
// RACE: Previous write of size 4 by kernel fill(int*, int) on stream
// RACE-NEXT: #0 fill(int*, int) {{.*}}graph-host-node.cu:[[#W]]
__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}graph-host-node.cu:[[#W]]:{{[0-9]+}} in fill(int*, int)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

static void tick(void *n) { ++*(int *)n; }

int main() {
  int *buf;
  CHECK_CUDA(cudaMalloc(&buf, 64 * sizeof(int)));
  cudaStream_t s = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  int one = 1, two = 2, ticks = 0;
  void *a_args[] = {&buf, &one}, *b_args[] = {&buf, &two};
  cudaKernelNodeParams p = {};
  p.func = (void *)fill;
  p.gridDim = dim3(1);
  p.blockDim = dim3(64);
  cudaGraphNode_t a, h, b;
  p.kernelParams = a_args;
  CHECK_CUDA(cudaGraphAddKernelNode(&a, g, nullptr, 0, &p));
  cudaHostNodeParams hp = {tick, &ticks};
  CHECK_CUDA(cudaGraphAddHostNode(&h, g, &a, 1, &hp));
  p.kernelParams = b_args;
#ifdef FIXED
  CHECK_CUDA(cudaGraphAddKernelNode(&b, g, &h, 1, &p));
#else
  CHECK_CUDA(cudaGraphAddKernelNode(&b, g, nullptr, 0, &p));
#endif
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  CHECK_CUDA(cudaGraphLaunch(x, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  int hb[64];
  CHECK_CUDA(cudaMemcpy(hb, buf, sizeof hb, cudaMemcpyDeviceToHost));
  bool ok = ticks == 1;
  for (int i = 0; i < 64; i++)
    ok &= hb[i] == 2;
  return finish(ok);
}
