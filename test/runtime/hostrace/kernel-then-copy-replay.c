// A kernel writes mapped pinned memory, then a copy reads those bytes into
// device memory. The copy records its host side when it is issued, before
// the host replays the kernel's logged accesses (csan_rt_hostlog.c), so the
// replay meets the record of an operation issued after the kernel. In the
// fixed twin the copy is on the kernel's stream, ordered after it: no race,
// although its record came first. In the race twin it is on another stream
// with nothing between them: the kernel's write and the copy's read race.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  int *host, *dev;
  CK(cudaHostAlloc((void **)&host, 64, cudaHostAllocMapped));
  CK(cudaMalloc((void **)&dev, 64));
  CK(launch(fill, s1, host, 16));
#ifdef FIXED
  CK(cudaMemcpyAsync(dev, host, 64, cudaMemcpyHostToDevice, s1));
#else
  CK(cudaMemcpyAsync(dev, host, 64, cudaMemcpyHostToDevice, s2));
#endif
  CK(cudaDeviceSynchronize());
  printf("copied\n");
  CK(cudaFree(dev));
  CK(cudaFreeHost(host));
  return 0;
}

// RACE: WARNING: csan: data race
// RACE: kernel fill(int*, int) on stream
// RACE: cudaMemcpyAsync
// RACE: Location: {{.*}} made by cudaHostAlloc
// FIXED: copied
