// An atomic access races with an unordered plain access. A kernel on s1
// resets counters with plain stores; a kernel on s2 bumps them with
// atomicAdd without waiting for the reset (write-write, the reporting
// access is atomic). The fixed twin orders the atomics after the reset.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on 256 bytes at
// RACE-NEXT: Atomic write of size 4 at {{.*}} by kernel bump(int*) on stream
__global__ void bump(int *c) {
  // RACE-NEXT: #0 bump(int*) {{.*}}atomic_vs_plain.cu:[[#A:@LINE+1]]
  atomicAdd(&c[threadIdx.x], 1);
}

// RACE: Previous write of size 4 by kernel reset(int*) on stream
__global__ void reset(int *c) {
  // RACE-NEXT: #0 reset(int*) {{.*}}atomic_vs_plain.cu:[[#@LINE+1]]
  c[threadIdx.x] = 0;
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}atomic_vs_plain.cu:[[#A]]:{{[0-9]+}} in bump(int*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *c;
  CHECK_CUDA(cudaMalloc(&c, 64 * sizeof(int)));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t was_reset;
  CHECK_CUDA(cudaEventCreate(&was_reset));
  CHECK_CUDA(cudaDeviceSynchronize());

  reset<<<1, 64, 0, s1>>>(c);
  CHECK_LAUNCH();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(was_reset, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, was_reset, 0));
#endif
  settle();
  bump<<<1, 64, 0, s2>>>(c);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  int h[64];
  CHECK_CUDA(cudaMemcpy(h, c, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 1;
  return finish(ok);
}
