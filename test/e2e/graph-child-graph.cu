// A kernel inside a child graph node (cudaGraphAddChildGraphNode) writes
// the bytes a top-level kernel node writes, with no path between the two
// nodes: csan checks the child's kernel too (its copy of the graph inlines
// the child) and reports the pair. The fixed twin orders the child node
// after the top-level one (cudaGraphAddDependencies).
//
// The two kernels run at the same time, so which of them checks a byte
// second (and reports it) varies with the run: csan reports the pair once,
// on the bytes found first (256 or fewer: the second GPU run had all 256,
// the third 128).
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on {{[0-9]+}} bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel fill(int*, int) on stream
// RACE-NEXT: #0 fill(int*, int) {{.*}}graph-child-graph.cu:[[#W:@LINE+3]]
// RACE: Previous write of size 4 by kernel fill(int*, int) on stream
// RACE-NEXT: #0 fill(int*, int) {{.*}}graph-child-graph.cu:[[#W]]
__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }
// RACE: Location: bytes [{{[0-9]+}}, {{[0-9]+}}) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}graph-child-graph.cu:[[#W]]:{{[0-9]+}} in fill(int*, int)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *buf;
  CHECK_CUDA(cudaMalloc(&buf, 64 * sizeof(int)));
  cudaStream_t s = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());
  int one = 1, two = 2;
  void *first[] = {&buf, &one}, *second[] = {&buf, &two};
  cudaKernelNodeParams p = {};
  p.func = (void *)fill;
  p.gridDim = dim3(1);
  p.blockDim = dim3(64);
  // The child: one kernel node writing 2.
  cudaGraph_t child;
  CHECK_CUDA(cudaGraphCreate(&child, 0));
  cudaGraphNode_t k;
  p.kernelParams = second;
  CHECK_CUDA(cudaGraphAddKernelNode(&k, child, nullptr, 0, &p));
  // The graph: a kernel node writing 1, and the child node.
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  cudaGraphNode_t a, c;
  p.kernelParams = first;
  CHECK_CUDA(cudaGraphAddKernelNode(&a, g, nullptr, 0, &p));
  CHECK_CUDA(cudaGraphAddChildGraphNode(&c, g, nullptr, 0, child));
#ifdef FIXED
  CHECK_CUDA(cudaGraphAddDependencies(g, &a, &c, nullptr, 1));
#endif
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  CHECK_CUDA(cudaGraphLaunch(x, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  int h[64];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2; // the child after the top-level node (the race build may leave 1)
  return finish(ok);
}
