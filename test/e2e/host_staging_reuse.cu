// Host code against device work (issue 18, --csan-host-accesses): a pinned
// staging buffer is refilled while the previous cudaMemcpyAsync may still
// read it (read-write). The fixed twin waits for the copy first.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

int main() {
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev, *stage;
  CHECK_CUDA(cudaMalloc(&dev, 128 * sizeof(int)));
  CHECK_CUDA(cudaMallocHost(&stage, 64 * sizeof(int)));
  for (int i = 0; i < 64; i++)
    stage[i] = i;
  // RACE: WARNING: csan: data race (read-write) on {{[0-9]+}} bytes at
  // RACE-NEXT: Write of size {{[0-9]+}} at {{.*}} by host thread 1 on the host:
  // RACE: Previous read of size 256 by cudaMemcpyAsync on stream
  // RACE: #0 {{.*}}in main {{.*}}host_staging_reuse.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpyAsync(dev, stage, 64 * sizeof(int), cudaMemcpyHostToDevice, s));
#ifdef FIXED
  CHECK_CUDA(cudaStreamSynchronize(s));
#endif
  for (int i = 0; i < 64; i++)
    stage[i] = 100 + i;
  CHECK_CUDA(cudaMemcpyAsync(dev + 64, stage, 64 * sizeof(int), cudaMemcpyHostToDevice, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  puts("staged");
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: staged
  return 0;
}
