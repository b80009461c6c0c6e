// A capture forked onto a second stream by an event and joined back. The
// kernel the origin stream captures between the fork and the join has no
// path to the forked stream's kernel: the graph runs them concurrently. The
// fixed twin captures it after the join.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel fill(int*, int) on stream
// RACE-NEXT: #0 fill(int*, int) {{.*}}graph-capture-fork-join.cu:[[#W:@LINE+3]]
// RACE: Previous write of size 4 by kernel fill(int*, int) on stream
// RACE-NEXT: #0 fill(int*, int) {{.*}}graph-capture-fork-join.cu:[[#W]]
__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}graph-capture-fork-join.cu:[[#W]]:{{[0-9]+}} in fill(int*, int)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *buf;
  CHECK_CUDA(cudaMalloc(&buf, 64 * sizeof(int)));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t fork, join;
  CHECK_CUDA(cudaEventCreate(&fork));
  CHECK_CUDA(cudaEventCreate(&join));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  CHECK_CUDA(cudaEventRecord(fork, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, fork, 0));
  fill<<<1, 64, 0, s2>>>(buf, 1);
#ifndef FIXED
  fill<<<1, 64, 0, s1>>>(buf, 2);
#endif
  CHECK_CUDA(cudaEventRecord(join, s2));
  CHECK_CUDA(cudaStreamWaitEvent(s1, join, 0));
#ifdef FIXED
  fill<<<1, 64, 0, s1>>>(buf, 2);
#endif
  cudaGraph_t g;
  CHECK_CUDA(cudaStreamEndCapture(s1, &g));
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));
  CHECK_CUDA(cudaGraphLaunch(x, s1));
  CHECK_CUDA(cudaStreamSynchronize(s1));
  int h[64];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2; // the fixed order (the race build may leave 1)
  return finish(ok);
}
