// A graph of two kernel nodes joined by a programmatic (PDL) edge: consume
// may begin before produce ends, and only its part after
// cudaGridDependencySynchronize() is ordered after produce. Its read of
// produce's output before that call is a race (write-read); the fixed twin
// reads after the call. (Needs sm_90.)
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
#ifdef FIXED
  cudaGridDependencySynchronize();
  float v = in[i];
#else
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}graph-pdl-edge.cu:[[#R:@LINE+1]]
  float v = in[i];
  cudaGridDependencySynchronize();
#endif
  out[i] = v + 1.0f;
}

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}graph-pdl-edge.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
// RACE: SUMMARY: csan: data race (write-read) {{.*}}graph-pdl-edge.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
  CHECK_CUDA(cudaMalloc(&out, 1024));
  cudaStream_t s = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

  cudaGraph_t g;
  CHECK_CUDA(cudaGraphCreate(&g, 0));
  void *pargs[] = {&buf};
  cudaKernelNodeParams p = {};
  p.func = (void *)produce;
  p.gridDim = dim3(1);
  p.blockDim = dim3(64);
  p.kernelParams = pargs;
  cudaGraphNode_t a, b;
  CHECK_CUDA(cudaGraphAddKernelNode(&a, g, nullptr, 0, &p));
  const float *in = buf;
  void *cargs[] = {&in, &out};
  p.func = (void *)consume;
  p.kernelParams = cargs;
  CHECK_CUDA(cudaGraphAddKernelNode(&b, g, nullptr, 0, &p));
  cudaGraphEdgeData edge = {};
  edge.from_port = cudaGraphKernelNodePortProgrammatic;
  edge.type = cudaGraphDependencyTypeProgrammatic;
  CHECK_CUDA(cudaGraphAddDependencies(g, &a, &b, &edge, 1));
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  CHECK_CUDA(cudaGraphLaunch(x, s));

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaGraphExecDestroy(x));
  CHECK_CUDA(cudaGraphDestroy(g));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == i + 1.0f;
  return finish(ok);
}
