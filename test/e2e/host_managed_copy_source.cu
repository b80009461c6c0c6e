// Host code against device work (issue 18, --csan-host-accesses): the host
// refills a managed buffer while a cudaMemcpyAsync on a stream still reads
// it (read-write: the copy may send the new values or the old). The fixed
// twin synchronizes the stream before the refill.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

int main() {
  cudaStream_t s = nonblocking_stream();
  int *m, *dev;
  CHECK_CUDA(cudaMallocManaged(&m, 64 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&dev, 64 * sizeof(int)));
  for (int i = 0; i < 64; i++)
    m[i] = i;
  CHECK_CUDA(cudaDeviceSynchronize());
  // RACE: WARNING: csan: data race (read-write) on 4 bytes at
  // RACE-NEXT: Write of size 4 at {{.*}} by host thread 1 on the host:
  // RACE: Previous read of size 256 by cudaMemcpyAsync on stream
  // RACE: #0 {{.*}}in main {{.*}}host_managed_copy_source.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpyAsync(dev, m, 64 * sizeof(int), cudaMemcpyDefault, s));
#ifdef FIXED
  CHECK_CUDA(cudaStreamSynchronize(s));
#endif
  m[0] = -1; // the refill
  CHECK_CUDA(cudaStreamSynchronize(s));
  int back[64];
  CHECK_CUDA(cudaMemcpy(back, dev, sizeof back, cudaMemcpyDeviceToHost));
  printf("back[5] %d\n", back[5]);
  // RACE: Location: {{.*}} made by cudaMallocManaged at:
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: back[5] 5
  CHECK_CUDA(cudaFree(dev));
  CHECK_CUDA(cudaFree(m));
  return 0;
}
