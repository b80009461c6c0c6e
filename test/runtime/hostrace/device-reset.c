// cudaDeviceReset frees every pinned block of the device, the ones csan
// holds after cudaFreeHost included: csan forgets its regions and held
// blocks (it frees nothing twice), and pinned memory made after the reset
// is checked as before. Race: after the reset, a read of a new pinned
// buffer before its copy is synchronized is reported. Fixed: synchronized.
// Neither reports anything about the block freed before the reset.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING --implicit-check-not=ERROR
#include "hostrace.h"

int main(void) {
  kernels_register();
  int *old;
  CK(cudaMallocHost((void **)&old, 64));
  old[0] = 1;
  CK(cudaFreeHost(old)); // held by csan until the reset
  CK(cudaDeviceReset());

  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev, *res;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMallocHost((void **)&res, 64));
  CK(launch(fill, s, dev, 16));
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s)); // COPY-LINE
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  int v = res[4]; // READ-LINE
  CK(cudaStreamSynchronize(s));
  printf("res[4] %d\n", v);
  CK(cudaFreeHost(res));
  return 0;
}

// RACE-NOT: ERROR
// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}device-reset.c:30:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// RACE: #0 {{.*}} in main {{.*}}device-reset.c:26:
// FIXED: res[4] 5
