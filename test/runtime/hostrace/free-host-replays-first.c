// A kernel writes mapped pinned memory while a copy on another stream reads
// it (a race), and the program frees the memory with cudaFreeHost without
// synchronizing first. The kernel's logged writes are replayed before the
// region ends (csan_rt_memops.c), so the race is reported; the fixed twin
// orders the copy after the kernel.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: env CSAN_OPTIONS=memory_errors=0 %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
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
  CK(cudaFreeHost(host));
  printf("freed\n");
  fflush(stdout);
  CK(cudaDeviceSynchronize());
  return 0;
}

// RACE: WARNING: csan: data race
// RACE: kernel fill(int*, int) on stream
// RACE: cudaMemcpyAsync
// RACE: freed
// FIXED: freed
