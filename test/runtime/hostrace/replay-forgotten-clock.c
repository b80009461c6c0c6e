// A copy ordered after a kernel (its stream waits for an event after the
// kernel) reads mapped pinned memory the kernel wrote; the kernel's logged
// writes are replayed only at the synchronization, after the copies
// recorded their reads. csan keeps the clocks of the last 4096 operations
// of each stream to tell that such a record is ordered after the kernel.
// With more copies than that, the first ones' clocks are forgotten: their
// records are taken as ordered after the kernel (a race with them could be
// missed, never reported falsely) and csan says how often. Both builds are
// race free: neither may report.
// RUN: %cc_host %s -o %t.many && %cc_host -DFEW %s -o %t.few
// RUN: %run %t.many 2>&1 | FileCheck %s --check-prefix=MANY --implicit-check-not="data race"
// RUN: %run %t.few 2>&1 | FileCheck %s --check-prefix=FEW --implicit-check-not=WARNING
#include "hostrace.h"

#ifdef FEW
#define NC 4000
#else
#define NC 4200
#endif

int main(void) {
  kernels_register();
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  int *host, *dev;
  CK(cudaHostAlloc((void **)&host, NC * 16, cudaHostAllocMapped));
  CK(cudaMalloc((void **)&dev, 16));
  CK(launch(fill, s1, host, NC * 4));
  cudaEvent_t e;
  CK(cudaEventCreate(&e));
  CK(cudaEventRecord(e, s1));
  CK(cudaStreamWaitEvent(s2, e, 0));
  for (int i = 0; i < NC; i++)
    CK(cudaMemcpyAsync(dev, host + 4 * i, 16, cudaMemcpyHostToDevice, s2));
  CK(cudaDeviceSynchronize());
  printf("done\n");
  fflush(stdout);
  return 0;
}

// MANY: done
// MANY: csan: WARNING: {{[0-9]+}} time(s) a kernel's replayed access to host memory met a record of an operation csan no longer remembers
// FEW: done
