// A captured training-step-like graph (forward, then an update of the
// parameters) replayed ten times; after each replay a logger on another
// stream reads the parameters. Without the wait for the step's event the
// logger's read races with the update of the next replay (reported once:
// one pair of sites). The fixed twin waits for the step, and the next
// replay waits for the logger.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel logger(float const*, float*) on stream
__global__ void logger(const float *params, float *log) {
  // RACE-NEXT: #0 logger(float const*, float*) {{.*}}graph-training-loop.cu:[[#R:@LINE+1]]
  log[threadIdx.x] = params[threadIdx.x];
}

// RACE: Previous write of size 4 by kernel update(float*, float const*) on stream
__global__ void update(float *params, const float *grads) {
  // RACE-NEXT: #0 update(float*, float const*) {{.*}}graph-training-loop.cu:[[#@LINE+1]]
  params[threadIdx.x] -= 0.5f * grads[threadIdx.x];
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}graph-training-loop.cu:[[#R]]:{{[0-9]+}} in logger(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

__global__ void forward(const float *params, float *grads) {
  grads[threadIdx.x] = params[threadIdx.x] * 0 + 1.0f;
}

int main() {
  float *params, *grads, *log;
  CHECK_CUDA(cudaMalloc(&params, 64 * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&grads, 64 * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&log, 64 * sizeof(float)));
  CHECK_CUDA(cudaMemset(params, 0, 64 * sizeof(float)));
  cudaStream_t s = nonblocking_stream(), side = nonblocking_stream();
  cudaEvent_t stepped, logged;
  CHECK_CUDA(cudaEventCreate(&stepped));
  CHECK_CUDA(cudaEventCreate(&logged));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  forward<<<1, 64, 0, s>>>(params, grads);
  update<<<1, 64, 0, s>>>(params, grads);
  cudaGraph_t g;
  CHECK_CUDA(cudaStreamEndCapture(s, &g));
  cudaGraphExec_t step;
  CHECK_CUDA(cudaGraphInstantiate(&step, g, 0));
  for (int i = 0; i < 10; i++) {
    CHECK_CUDA(cudaGraphLaunch(step, s));
    CHECK_CUDA(cudaEventRecord(stepped, s));
#ifdef FIXED
    CHECK_CUDA(cudaStreamWaitEvent(side, stepped, 0));
#endif
    settle();
    logger<<<1, 64, 0, side>>>(params, log);
    CHECK_LAUNCH();
    CHECK_CUDA(cudaEventRecord(logged, side));
    CHECK_CUDA(cudaStreamWaitEvent(s, logged, 0));
  }
  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, log, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == -5.0f;
  return finish(ok);
}
