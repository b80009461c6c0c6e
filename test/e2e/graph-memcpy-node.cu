// A graph's memcpy node writes its destination while a kernel node beside
// it (no path between them) reads it: csan checks the copy with its range
// kernel, placed in the graph just before the copy, and reports the pair.
// The fixed twin makes the kernel node depend on the copy. The two nodes run
// concurrently, so either may be the report's earlier access: the checks
// take them in any order.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race ({{write-read|read-write}}) on 256 bytes at
// RACE-DAG: of size 256 {{.*}}by cudaMemcpy (graph node) on stream
// RACE-DAG: of size 4 {{.*}}by kernel use(int const*, int*) on stream
__global__ void use(const int *p, int *out) {
  // RACE-DAG: #0 use(int const*, int*) {{.*}}graph-memcpy-node.cu:[[#@LINE+1]]
  out[threadIdx.x] = p[threadIdx.x];
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *src, *dst, *out;
  CHECK_CUDA(cudaMalloc(&src, 64 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dst, 64 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, 64 * sizeof(int)));
  CHECK_CUDA(cudaMemset(src, 0, 64 * sizeof(int)));
  CHECK_CUDA(cudaMemset(dst, 0, 64 * sizeof(int)));
  cudaStream_t s = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  cudaGraphNode_t c, u;
  CHECK_CUDA(cudaGraphAddMemcpyNode1D(&c, g, nullptr, 0, dst, src, 64 * sizeof(int),
                                      cudaMemcpyDeviceToDevice));
  void *args[] = {&dst, &out};
  cudaKernelNodeParams p = {};
  p.func = (void *)use;
  p.gridDim = dim3(1);
  p.blockDim = dim3(64);
  p.kernelParams = args;
#ifdef FIXED
  CHECK_CUDA(cudaGraphAddKernelNode(&u, g, &c, 1, &p));
#else
  CHECK_CUDA(cudaGraphAddKernelNode(&u, g, nullptr, 0, &p));
#endif
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  CHECK_CUDA(cudaGraphLaunch(x, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  int h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 0;
  return finish(ok);
}
