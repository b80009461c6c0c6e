// Synchronous cudaMemcpy host-to-device from *pageable* memory returns once
// the data is staged for DMA, before it has reached the device (CUDA's "API
// synchronization behavior"); it runs on the legacy stream. A kernel on a
// non-blocking stream reading the destination afterwards races with the
// copy (write-read). From *pinned* memory the call is synchronous with
// respect to the host: the fixed twin copies from cudaMallocHost memory and
// the later kernel is ordered after the copy.
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
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}memcpy_sync_h2d_pageable.cu:[[#R:@LINE+1]]
  out[i] = in[i] * 2.0f;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf, *out, *host;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
  CHECK_CUDA(cudaMalloc(&out, 256));
#ifdef FIXED
  CHECK_CUDA(cudaMallocHost(&host, 1024)); // pinned
#else
  host = static_cast<float *>(malloc(1024)); // pageable
#endif
  for (int i = 0; i < 256; i++)
    host[i] = (float)i;
  cudaStream_t s = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

  // RACE: Previous write of size 1024 by cudaMemcpy on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}memcpy_sync_h2d_pageable.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpy(buf, host, 1024, cudaMemcpyHostToDevice));
  settle();
  consume<<<1, 64, 0, s>>>(buf, out);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-read) {{.*}}memcpy_sync_h2d_pageable.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok);
}
