// Two blocking streams are not ordered with each other: only the legacy
// default stream synchronizes with them. A kernel on blocking stream s2
// reading what a kernel on blocking stream s1 wrote races (write-read). The
// fixed twin puts one kernel on the legacy stream in between: it waits for
// s1's earlier work, and s2's later work waits for it, so the pair is
// ordered through the legacy stream's implicit barrier.
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
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}blocking_streams_via_legacy.cu:[[#R:@LINE+1]]
  out[i] = in[i] * 2.0f;
}

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}blocking_streams_via_legacy.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}blocking_streams_via_legacy.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

__global__ void nothing() {}

int main() {
  float *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 256));
  CHECK_CUDA(cudaMalloc(&out, 256));
  cudaStream_t s1 = blocking_stream(), s2 = blocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

  produce<<<1, 64, 0, s1>>>(buf);
  CHECK_LAUNCH();
#ifdef FIXED
  nothing<<<1, 1>>>(); // legacy default stream: the implicit barrier
  CHECK_LAUNCH();
#endif
  settle();
  consume<<<1, 64, 0, s2>>>(buf, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok);
}
