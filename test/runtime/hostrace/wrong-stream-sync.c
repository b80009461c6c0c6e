// The result is copied on stream s1, but the host synchronizes s2 (a
// non-blocking stream that orders nothing of s1) before reading it. The
// fixed twin synchronizes s1.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  int *dev, *res;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMallocHost((void **)&res, 64));
  CK(launch(fill, s1, dev, 16));
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s1));
#ifdef FIXED
  CK(cudaStreamSynchronize(s1));
#else
  CK(cudaStreamSynchronize(s2));
#endif
  printf("last %d\n", res[15]);
  CK(cudaDeviceSynchronize());
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}wrong-stream-sync.c:{{[0-9]+}}
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// RACE: csan: reported 1 data race(s)
// FIXED: last 16
