// Memory from cudaMallocAsync on s1 may only be used in stream order after
// the allocation. A kernel on s2 writing it without waiting for s1 races
// with the allocation (the allocation counts as a write of the whole
// block). The fixed twin makes s2 wait for an event recorded after
// cudaMallocAsync.
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
  // RACE-NEXT: #0 produce(float*) {{.*}}malloc_async_use_before_alloc.cu:[[#W:@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf;
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t allocated;
  CHECK_CUDA(cudaEventCreate(&allocated));
  CHECK_CUDA(cudaDeviceSynchronize());

  // RACE: Previous allocation of size 1024 by cudaMallocAsync on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}malloc_async_use_before_alloc.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMallocAsync(&buf, 1024, s1));
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(allocated, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, allocated, 0));
#endif
  settle();
  produce<<<1, 64, 0, s2>>>(buf);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMallocAsync at:
  // RACE: SUMMARY: csan: data race (write-write) {{.*}}malloc_async_use_before_alloc.cu:[[#W]]:{{[0-9]+}} in produce(float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == (float)i;
  CHECK_CUDA(cudaFree(buf));
  return finish(ok);
}
