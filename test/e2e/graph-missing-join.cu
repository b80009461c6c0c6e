// A capture forked onto a second stream by an event and never joined back:
// cudaStreamEndCapture fails with cudaErrorStreamCaptureUnjoined and makes
// no graph. csan reports the work left out (its capture line), the wait
// that forked the stream, and the end of the capture. The program falls
// back to running the step on its streams; the fixed twin joins the fork
// (the origin stream waits for an event recorded on the forked one).
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: stream capture error (cudaErrorStreamCaptureUnjoined)
// RACE-NEXT: work captured at {{.*}}graph-missing-join.cu:[[#@LINE+19]] on stream 0x{{[0-9a-f]+}}, which was forked into the capture at {{.*}}graph-missing-join.cu:[[#@LINE+18]],
// RACE-NEXT: is not joined back into stream 0x{{[0-9a-f]+}} before cudaStreamEndCapture at {{.*}}graph-missing-join.cu:[[#@LINE+39]]: the capture made no graph
// RACE-NEXT: SUMMARY: csan: stream capture error (cudaErrorStreamCaptureUnjoined) {{.*}}graph-missing-join.cu:[[#@LINE+16]]
// RACE: e2e: result ok
// RACE: csan: reported 1 stream capture error(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

__global__ void scale(int *p, int v) { p[threadIdx.x] *= v; }
__global__ void shift(int *p, int v) { p[64 + threadIdx.x] += v; }

// One step: scale the first half on s1, shift the second half on s2.
static void step(cudaStream_t s1, cudaStream_t s2, cudaEvent_t fork, cudaEvent_t join,
                 int *buf) {
  scale<<<1, 64, 0, s1>>>(buf, 3);
  CHECK_CUDA(cudaEventRecord(fork, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, fork, 0));
  shift<<<1, 64, 0, s2>>>(buf, 1);
  CHECK_CUDA(cudaEventRecord(join, s2));
#ifdef FIXED
  CHECK_CUDA(cudaStreamWaitEvent(s1, join, 0));
#endif
}

int main() {
  int *buf, h[128];
  for (int i = 0; i < 128; i++)
    h[i] = 1;
  CHECK_CUDA(cudaMalloc(&buf, sizeof h));
  CHECK_CUDA(cudaMemcpy(buf, h, sizeof h, cudaMemcpyHostToDevice));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t fork, join;
  CHECK_CUDA(cudaEventCreate(&fork));
  CHECK_CUDA(cudaEventCreate(&join));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  step(s1, s2, fork, join, buf);
  cudaGraph_t g = nullptr;
  cudaError_t e = cudaStreamEndCapture(s1, &g);
  if (e == cudaSuccess) {
    cudaGraphExec_t x;
    CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
    CHECK_CUDA(cudaGraphLaunch(x, s1));
  } else {
    (void)cudaGetLastError();
    step(s1, s2, fork, join, buf); // no graph: the step runs on the streams
  }
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 128; i++)
    ok &= h[i] == (i < 64 ? 3 : 2);
  return finish(ok);
}
