// cudaGraphExecKernelNodeSetParams changes later launches only, and csan
// takes each kernel node's parameters as of the launch: after the update
// the node writes `b`, which a side stream is reading (race). The fixed twin
// updates it to write `c`.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (read-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel fill(int*) on stream
__global__ void fill(int *p) {
  // RACE-NEXT: #0 fill(int*) {{.*}}graph-exec-update.cu:[[#W:@LINE+1]]
  p[threadIdx.x] = 3;
}

// RACE: Previous read of size 4 by kernel look(int const*, int*) on stream
__global__ void look(const int *p, int *out) {
  // RACE-NEXT: #0 look(int const*, int*) {{.*}}graph-exec-update.cu:[[#@LINE+1]]
  out[threadIdx.x] = p[threadIdx.x];
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (read-write) {{.*}}graph-exec-update.cu:[[#W]]:{{[0-9]+}} in fill(int*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *a, *b, *c, *out;
  CHECK_CUDA(cudaMalloc(&a, 64 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&b, 64 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&c, 64 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, 64 * sizeof(int)));
  CHECK_CUDA(cudaMemset(b, 0, 64 * sizeof(int)));
  cudaStream_t s = nonblocking_stream(), side = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  void *args[] = {&a};
  cudaKernelNodeParams p = {};
  p.func = (void *)fill;
  p.gridDim = dim3(1);
  p.blockDim = dim3(64);
  p.kernelParams = args;
  cudaGraphNode_t n;
  CHECK_CUDA(cudaGraphAddKernelNode(&n, g, nullptr, 0, &p));
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  CHECK_CUDA(cudaGraphLaunch(x, s));
  CHECK_CUDA(cudaStreamSynchronize(s));

  look<<<1, 64, 0, side>>>(b, out);
  CHECK_LAUNCH();
#ifdef FIXED
  void *args2[] = {&c};
#else
  void *args2[] = {&b};
#endif
  p.kernelParams = args2;
  CHECK_CUDA(cudaGraphExecKernelNodeSetParams(x, n, &p));
  settle();
  CHECK_CUDA(cudaGraphLaunch(x, s));
  CHECK_CUDA(cudaDeviceSynchronize());
  int h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 0;
  return finish(ok);
}
