// A synchronous cudaMemcpy into pinned memory returns once the copy is
// done (the "API synchronization behavior" page): the host's read after it
// is ordered (fixed twin). cudaMemcpyAsync on a non-blocking stream
// returns at once: the same read races.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev, *res;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMallocHost((void **)&res, 64));
  CK(launch(fill, 0, dev, 16));
  CK(cudaDeviceSynchronize());
#ifdef FIXED
  CK(cudaMemcpy(res, dev, 64, cudaMemcpyDeviceToHost));
#else
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s));
#endif
  printf("res[2] %d\n", res[2]);
  CK(cudaDeviceSynchronize());
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// FIXED: res[2] 3
