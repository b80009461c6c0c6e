// A graph with memory nodes (a cudaMallocAsync/cudaFreeAsync pair captured
// with the work) also zeroes a result buffer with cudaMemsetAsync. CUDA lets
// csan add no node to such a graph after the capture, so csan's check of
// the memset is captured into it right before the memset. The race build
// launches the graph while a kernel on another stream still reads the
// buffer; the fixed twin makes the launch stream wait for that kernel.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void peek(const float *in, float *out); // defined after main

__global__ void scale(const float *in, float *tmp) {
  int i = threadIdx.x;
  tmp[i] = in[i] * 2.0f;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *in, *res, *out;
  CHECK_CUDA(cudaMalloc(&in, 64 * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&res, 64 * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, 64 * sizeof(float)));
  CHECK_CUDA(cudaMemset(in, 0, 64 * sizeof(float)));
  CHECK_CUDA(cudaMemset(res, 0, 64 * sizeof(float)));
  cudaStream_t s = nonblocking_stream(), side = nonblocking_stream();
  cudaEvent_t done;
  CHECK_CUDA(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaGraph_t g;
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  float *tmp;
  CHECK_CUDA(cudaMallocAsync(&tmp, 64 * sizeof(float), s));
  // RACE: WARNING: csan: data race (read-write) on 256 bytes at
  // RACE-NEXT: Write of size 256 at {{.*}} by cudaMemsetAsync on stream {{.*}} (graph launched at {{.*}}graph-mem-node-memset.cu:[[#@LINE+17]]):
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}graph-mem-node-memset.cu:[[#R:@LINE+1]]
  CHECK_CUDA(cudaMemsetAsync(res, 0, 64 * sizeof(float), s));
  scale<<<1, 64, 0, s>>>(in, tmp);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaFreeAsync(tmp, s));
  CHECK_CUDA(cudaStreamEndCapture(s, &g));
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  peek<<<1, 64, 0, side>>>(res, out);
  CHECK_LAUNCH();
  settle();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(done, side));
  CHECK_CUDA(cudaStreamWaitEvent(s, done, 0));
#endif
  CHECK_CUDA(cudaGraphLaunch(x, s));
  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, res, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 0.0f;
  return finish(ok);
}

// RACE: Previous read of size 4 by kernel peek(float const*, float*) on stream
__global__ void peek(const float *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 peek(float const*, float*) {{.*}}graph-mem-node-memset.cu:[[#@LINE+1]]
  out[i] = in[i];
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (read-write) {{.*}}graph-mem-node-memset.cu:[[#R]]{{[: ]}}
// RACE: csan: reported 1 data race(s)
