// A graph's kernel node against a kernel on another stream: the side
// stream reads the buffer, and the graph, launched with nothing ordering it
// after that read, overwrites it. The fixed twin makes the launch wait for
// the side stream's event.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (read-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel overwrite(int*) on stream
__global__ void overwrite(int *p) {
  // RACE-NEXT: #0 overwrite(int*) {{.*}}graph-side-stream.cu:[[#W:@LINE+1]]
  p[threadIdx.x] = 7;
}

// RACE: Previous read of size 4 by kernel peek(int const*, int*) on stream
__global__ void peek(const int *p, int *out) {
  // RACE-NEXT: #0 peek(int const*, int*) {{.*}}graph-side-stream.cu:[[#@LINE+1]]
  out[threadIdx.x] = p[threadIdx.x];
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (read-write) {{.*}}graph-side-stream.cu:[[#W]]:{{[0-9]+}} in overwrite(int*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 64 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, 64 * sizeof(int)));
  CHECK_CUDA(cudaMemset(buf, 0, 64 * sizeof(int)));
  cudaStream_t s = nonblocking_stream(), side = nonblocking_stream();
  cudaEvent_t read_done;
  CHECK_CUDA(cudaEventCreate(&read_done));
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  overwrite<<<1, 64, 0, s>>>(buf);
  cudaGraph_t g;
  CHECK_CUDA(cudaStreamEndCapture(s, &g));
  cudaGraphExec_t x;
  CHECK_CUDA(cudaGraphInstantiate(&x, g, 0));

  peek<<<1, 64, 0, side>>>(buf, out);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaEventRecord(read_done, side));
#ifdef FIXED
  CHECK_CUDA(cudaStreamWaitEvent(s, read_done, 0));
#endif
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
