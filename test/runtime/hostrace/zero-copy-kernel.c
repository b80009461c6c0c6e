// A kernel writes mapped pinned memory directly (zero-copy); the host
// reads it before synchronizing (race). The fixed twin uses
// cudaDeviceSynchronize. The report names the kernel's device line.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *host;
  CK(cudaHostAlloc((void **)&host, 64, cudaHostAllocMapped));
  CK(launch(fill, s, host, 16));
#ifdef FIXED
  CK(cudaDeviceSynchronize());
#endif
  printf("host[1] %d\n", host[1]);
  CK(cudaDeviceSynchronize());
  CK(cudaFreeHost(host));
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: Previous write of size 4 by kernel fill(int*, int) on stream
// RACE-NEXT: #0 fill(int*, int) k.cu:10:5
// RACE: Location: {{.*}} made by cudaHostAlloc
// FIXED: host[1] 2
