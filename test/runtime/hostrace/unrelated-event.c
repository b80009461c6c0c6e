// The host waits on an event recorded on another stream (after unrelated
// work), not on the one after the copy it reads. The fixed twin records
// the event after the copy on the copy's stream.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t done;
  CK(cudaEventCreate(&done));
  int *dev, *other, *res;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMalloc((void **)&other, 64));
  CK(cudaMallocHost((void **)&res, 64));
  CK(launch(fill, s1, dev, 16));
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s1));
  CK(launch(fill, s2, other, 16));
#ifdef FIXED
  CK(cudaEventRecord(done, s1));
#else
  CK(cudaEventRecord(done, s2));
#endif
  CK(cudaEventSynchronize(done));
  printf("first %d\n", res[0]);
  CK(cudaDeviceSynchronize());
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}unrelated-event.c:{{[0-9]+}}
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// FIXED: first 1
