// Host code against device work (issue 18, the device half): two kernels
// on two streams write the same mapped pinned buffer with nothing ordering
// them (write-write on host memory). Pinned memory has no device shadow:
// both kernels' writes are logged and the race is found when the host
// replays them on its shadow. The fixed twin makes the second stream wait
// for an event recorded after the first kernel.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel second(int*) on stream
__global__ void second(int *p) {
  // RACE-NEXT: #0 second(int*) {{.*}}host_zero_copy_two_kernels.cu:[[#R:@LINE+1]]
  p[threadIdx.x] = 2;
}

// RACE: Previous write of size 4 by kernel first(int*) on stream
__global__ void first(int *p) {
  // RACE-NEXT: #0 first(int*) {{.*}}host_zero_copy_two_kernels.cu:[[#@LINE+1]]
  p[threadIdx.x] = 1;
}

int main() {
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t e;
  CHECK_CUDA(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  int *buf, *dbuf;
  CHECK_CUDA(cudaHostAlloc(&buf, 64 * sizeof(int), cudaHostAllocMapped));
  CHECK_CUDA(cudaHostGetDevicePointer((void **)&dbuf, buf, 0));
  CHECK_CUDA(cudaDeviceSynchronize());
  first<<<1, 64, 0, s1>>>(dbuf);
  CHECK_LAUNCH();
  settle();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(e, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, e, 0));
#endif
  second<<<1, 64, 0, s2>>>(dbuf);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaDeviceSynchronize());
  // RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaHostAlloc at:
  // RACE: SUMMARY: csan: data race (write-write) {{.*}}host_zero_copy_two_kernels.cu:[[#R]]:{{[0-9]+}} in second(int*)
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: e2e: result ok
  int r = finish(buf[0] == 2 && buf[63] == 2);
  CHECK_CUDA(cudaEventDestroy(e));
  CHECK_CUDA(cudaFreeHost(buf));
  return r;
}
