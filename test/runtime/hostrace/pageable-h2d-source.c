// Pageable memory: a synchronous cudaMemcpy from it returns once the data
// is staged, so the host may overwrite the source at once (clean, fixed
// twin). The same source registered with cudaHostRegister and copied with
// cudaMemcpyAsync is read by the copy while the host overwrites it (race).
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev;
  CK(cudaMalloc((void **)&dev, 64));
  int *src = malloc(64);
  for (int i = 0; i < 16; i++)
    src[i] = i;
#ifdef FIXED
  CK(cudaMemcpy(dev, src, 64, cudaMemcpyHostToDevice));
#else
  CK(cudaHostRegister(src, 64, cudaHostRegisterDefault));
  CK(cudaMemcpyAsync(dev, src, 64, cudaMemcpyHostToDevice, s));
#endif
  memset(src, 0, 64);
  CK(cudaDeviceSynchronize());
  puts("overwritten");
#ifndef FIXED
  CK(cudaHostUnregister(src));
#endif
  free(src);
  return 0;
}

// RACE: WARNING: csan: data race (read-write) on 64 bytes
// RACE-NEXT: Write of size 64 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}pageable-h2d-source.c:
// RACE: Previous read of size 64 by cudaMemcpyAsync on stream
// RACE: Location: {{.*}} made by cudaHostRegister
// FIXED: overwritten
