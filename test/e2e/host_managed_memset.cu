// Host code against device work (issue 18, --csan-host-accesses): managed
// memory set by cudaMemsetAsync on a stream, read by the host before the
// stream is synchronized (on a GPU with concurrent managed access this is a
// silent race, not a fault: the GPU pack's H100/H200 on Linux have it).
// The fixed twin synchronizes first.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

int main() {
  cudaStream_t s = nonblocking_stream();
  int *m;
  CHECK_CUDA(cudaMallocManaged(&m, 64 * sizeof(int)));
  for (int i = 0; i < 64; i++)
    m[i] = 7;
  CHECK_CUDA(cudaDeviceSynchronize());
  // RACE: WARNING: csan: data race (write-read) on 4 bytes at
  // RACE-NEXT: Read of size 4 at {{.*}} by host thread 1 on the host:
  // RACE: Previous write of size 256 by cudaMemsetAsync on stream
  // RACE: #0 {{.*}}in main {{.*}}host_managed_memset.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemsetAsync(m, 0, 64 * sizeof(int), s));
#ifdef FIXED
  CHECK_CUDA(cudaStreamSynchronize(s));
#endif
  int v = m[5];
  CHECK_CUDA(cudaStreamSynchronize(s));
  printf("m[5] %d\n", v);
  // RACE: Location: {{.*}} made by cudaMallocManaged at:
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: m[5] 0
  CHECK_CUDA(cudaFree(m));
  return 0;
}
