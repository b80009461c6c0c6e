// Host code against device work (issue 18, the device half): a kernel
// writes mapped pinned memory directly, and cudaMemcpyAsync copies the same
// buffer to the device on another stream with nothing ordering the two
// (write-read on host memory, neither side host code). The copy records
// its host side when it is issued, before the host replays the kernel's
// logged writes; the fixed twin issues the copy on the kernel's stream,
// where the replay meets the record of an operation ordered after the
// kernel, which is no race.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (read-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel produce(int*) on stream
__global__ void produce(int *p) {
  // RACE-NEXT: #0 produce(int*) {{.*}}host_zero_copy_kernel_vs_copy.cu:[[#R:@LINE+1]]
  p[threadIdx.x] = threadIdx.x + 1;
}

int main() {
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  int *buf, *dbuf, *dev;
  CHECK_CUDA(cudaHostAlloc(&buf, 64 * sizeof(int), cudaHostAllocMapped));
  CHECK_CUDA(cudaHostGetDevicePointer((void **)&dbuf, buf, 0));
  CHECK_CUDA(cudaMalloc(&dev, 64 * sizeof(int)));
  CHECK_CUDA(cudaDeviceSynchronize());
  produce<<<1, 64, 0, s1>>>(dbuf);
  CHECK_LAUNCH();
  settle();
  // RACE: Previous read of size 256 by cudaMemcpyAsync on stream
  // RACE: #0 {{.*}}in main {{.*}}host_zero_copy_kernel_vs_copy.cu:[[#@LINE+4]]
#ifdef FIXED
  CHECK_CUDA(cudaMemcpyAsync(dev, buf, 64 * sizeof(int), cudaMemcpyHostToDevice, s1));
#else
  CHECK_CUDA(cudaMemcpyAsync(dev, buf, 64 * sizeof(int), cudaMemcpyHostToDevice, s2));
#endif
  CHECK_CUDA(cudaDeviceSynchronize());
  int back[64];
  CHECK_CUDA(cudaMemcpy(back, dev, sizeof back, cudaMemcpyDeviceToHost));
  // RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaHostAlloc at:
  // RACE: SUMMARY: csan: data race (read-write) {{.*}}host_zero_copy_kernel_vs_copy.cu:[[#R]]:{{[0-9]+}} in produce(int*)
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: e2e: result ok
  int r = finish(back[0] == 1 && back[63] == 64);
  CHECK_CUDA(cudaFree(dev));
  CHECK_CUDA(cudaFreeHost(buf));
  return r;
}
