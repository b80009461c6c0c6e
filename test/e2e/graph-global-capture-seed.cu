// Seed-style capture (ATen's CUDAGraph): the capture status is asked with
// cudaStreamGetCaptureInfo, a side stream is captured in global mode (csan's
// own CUDA calls stay legal inside it), a memset and two kernels are
// captured, the graph is instantiated with cudaGraphInstantiateWithFlags
// and replayed on the legacy stream, then the device is synchronized. A
// kernel on a non-blocking stream that reads the output before that
// synchronization races with the replay; the fixed twin reads after it.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel report(float const*, float*) on stream
__global__ void report(const float *y, float *log) {
  // RACE-NEXT: #0 report(float const*, float*) {{.*}}graph-global-capture-seed.cu:[[#R:@LINE+1]]
  log[threadIdx.x] = y[threadIdx.x];
}

// RACE: Previous write of size 4 by kernel axpy(float const*, float*) on stream
__global__ void axpy(const float *x, float *y) {
  // RACE-NEXT: #0 axpy(float const*, float*) {{.*}}graph-global-capture-seed.cu:[[#@LINE+1]]
  y[threadIdx.x] += 2.0f * x[threadIdx.x];
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}graph-global-capture-seed.cu:[[#R]]:{{[0-9]+}} in report(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

__global__ void ones(float *x) { x[threadIdx.x] = 1.0f; }

int main() {
  float *x, *y, *log;
  CHECK_CUDA(cudaMalloc(&x, 64 * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&y, 64 * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&log, 64 * sizeof(float)));
  cudaStream_t capture = blocking_stream(), side = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());
  cudaStreamCaptureStatus status;
  CHECK_CUDA(cudaStreamGetCaptureInfo(capture, &status));
  if (status != cudaStreamCaptureStatusNone)
    return finish(false);
  CHECK_CUDA(cudaStreamBeginCapture(capture, cudaStreamCaptureModeGlobal));
  CHECK_CUDA(cudaMemsetAsync(y, 0, 64 * sizeof(float), capture));
  ones<<<1, 64, 0, capture>>>(x);
  axpy<<<1, 64, 0, capture>>>(x, y);
  cudaGraph_t graph;
  CHECK_CUDA(cudaStreamEndCapture(capture, &graph));
  cudaGraphExec_t exec;
  CHECK_CUDA(cudaGraphInstantiateWithFlags(&exec, graph, 0));
  CHECK_CUDA(cudaGraphLaunch(exec, cudaStreamLegacy));
#ifdef FIXED
  CHECK_CUDA(cudaDeviceSynchronize());
#else
  settle();
#endif
  report<<<1, 64, 0, side>>>(y, log);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, log, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f;
  return finish(ok);
}
