// Launches of one graph exec never overlap, even on two streams with no
// event between them: CUDA runs one instance of an exec at a time (fixed).
// Two execs of the same graph are two instances: launched on two streams
// they run concurrently and their kernels race.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel step(int*) on stream
// RACE-NEXT: #0 step(int*) {{.*}}graph-two-execs.cu:[[#W:@LINE+3]]
// RACE: Previous write of size 4 by kernel step(int*) on stream
// RACE-NEXT: #0 step(int*) {{.*}}graph-two-execs.cu:[[#W]]
__global__ void step(int *p) { p[threadIdx.x] += 1; }
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}graph-two-execs.cu:[[#W]]:{{[0-9]+}} in step(int*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *buf;
  CHECK_CUDA(cudaMalloc(&buf, 64 * sizeof(int)));
  CHECK_CUDA(cudaMemset(buf, 0, 64 * sizeof(int)));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  step<<<1, 64, 0, s1>>>(buf);
  cudaGraph_t g;
  CHECK_CUDA(cudaStreamEndCapture(s1, &g));
  cudaGraphExec_t x1, x2;
  CHECK_CUDA(cudaGraphInstantiate(&x1, g, 0));
  CHECK_CUDA(cudaGraphInstantiate(&x2, g, 0));
  CHECK_CUDA(cudaGraphLaunch(x1, s1));
#ifdef FIXED
  CHECK_CUDA(cudaGraphLaunch(x1, s2));
#else
  CHECK_CUDA(cudaGraphLaunch(x2, s2));
#endif
  CHECK_CUDA(cudaDeviceSynchronize());
  int h[64];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2; // the fixed order (the race build may leave 1)
  return finish(ok);
}
