// Synchronous cudaMemcpy device-to-device does no host-side
// synchronization: it is queued on the legacy stream and returns. A kernel
// on a non-blocking stream reading the destination races with the copy
// (write-read). The fixed twin creates the stream as a blocking one, which
// waits for the legacy stream's earlier work.
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
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}memcpy_sync_d2d.cu:[[#R:@LINE+1]]
  out[i] = in[i] * 2.0f;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *src, *dst, *out, init[256];
  for (int i = 0; i < 256; i++)
    init[i] = (float)i;
  CHECK_CUDA(cudaMalloc(&src, 1024));
  CHECK_CUDA(cudaMalloc(&dst, 1024));
  CHECK_CUDA(cudaMalloc(&out, 256));
  CHECK_CUDA(cudaMemcpy(src, init, 1024, cudaMemcpyHostToDevice));
#ifdef FIXED
  cudaStream_t s = blocking_stream();
#else
  cudaStream_t s = nonblocking_stream();
#endif
  CHECK_CUDA(cudaDeviceSynchronize());

  // RACE: Previous write of size 1024 by cudaMemcpy on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}memcpy_sync_d2d.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpy(dst, src, 1024, cudaMemcpyDeviceToDevice));
  settle();
  consume<<<1, 64, 0, s>>>(dst, out);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-read) {{.*}}memcpy_sync_d2d.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok);
}
