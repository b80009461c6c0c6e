// A device-to-host copy that returns only when it is complete orders
// everything the host issues afterwards. The race build reads the buffer
// back with cudaMemcpyAsync into pinned memory on s1, which returns at
// once, and then overwrites the buffer from a kernel on s2: the kernel races
// with the copy's read (read-write). The fixed twin uses synchronous
// cudaMemcpy, which returns once the copy is done: ordered.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (read-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel overwrite(float*) on stream
__global__ void overwrite(float *p) {
  // RACE-NEXT: #0 overwrite(float*) {{.*}}memcpy_sync_d2h.cu:[[#W:@LINE+1]]
  p[threadIdx.x] = -1.0f;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf, *host, init[256];
  for (int i = 0; i < 256; i++)
    init[i] = (float)i;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
  CHECK_CUDA(cudaMemcpy(buf, init, 1024, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMallocHost(&host, 1024));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

#ifdef FIXED
  CHECK_CUDA(cudaMemcpy(host, buf, 1024, cudaMemcpyDeviceToHost));
#else
  // RACE: Previous read of size 1024 by cudaMemcpyAsync on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}memcpy_sync_d2h.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpyAsync(host, buf, 1024, cudaMemcpyDeviceToHost, s1));
#endif
  settle();
  overwrite<<<1, 64, 0, s2>>>(buf);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (read-write) {{.*}}memcpy_sync_d2h.cu:[[#W]]:{{[0-9]+}} in overwrite(float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  bool ok = true;
  for (int i = 0; i < 256; i++)
    ok &= host[i] == (float)i;
  return finish(ok);
}
