// A pinned staging buffer is refilled while the previous cudaMemcpyAsync
// may still be reading it (write-after-read on the host). The fixed twin
// waits for the copy's stream before the refill.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev, *stage;
  CK(cudaMalloc((void **)&dev, 128));
  CK(cudaMallocHost((void **)&stage, 64));
  for (int chunk = 0; chunk < 2; chunk++) {
    for (int i = 0; i < 16; i++)
      stage[i] = chunk * 100 + i; // REFILL
    CK(cudaMemcpyAsync(dev + 16 * chunk, stage, 64, cudaMemcpyHostToDevice, s));
#ifdef FIXED
    CK(cudaStreamSynchronize(s));
#endif
  }
  CK(cudaStreamSynchronize(s));
  puts("staged");
  return 0;
}

// RACE: WARNING: csan: data race (read-write) on {{[0-9]+}} bytes
// RACE-NEXT: Write of size {{[0-9]+}} at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}staging-reuse.c:
// RACE: Previous read of size 64 by cudaMemcpyAsync on stream
// RACE: Location: {{.*}} made by cudaMallocHost
// RACE: staged
// FIXED: staged
