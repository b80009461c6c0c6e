// cudaMemset (no stream argument) runs on the legacy default stream and is
// asynchronous with respect to the host for device memory: returning from
// it orders nothing for a non-blocking stream. A kernel on non-blocking s
// writing the buffer races with the memset (write-write). The fixed twin
// creates s as a blocking stream, which waits for the legacy stream.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}memset_sync_is_async.cu:[[#W:@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
#ifdef FIXED
  cudaStream_t s = blocking_stream();
#else
  cudaStream_t s = nonblocking_stream();
#endif
  CHECK_CUDA(cudaDeviceSynchronize());

  // RACE: Previous write of size 1024 by cudaMemset on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}memset_sync_is_async.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemset(buf, 0, 1024));
  settle();
  produce<<<1, 64, 0, s>>>(buf);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-write) {{.*}}memset_sync_is_async.cu:[[#W]]:{{[0-9]+}} in produce(float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[256];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 256; i++)
    ok &= h[i] == (i < 64 ? (float)i : 0.0f);
  return finish(ok);
}
