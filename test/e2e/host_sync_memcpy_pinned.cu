// Host code against device work (issue 18, --csan-host-accesses): a
// synchronous cudaMemcpy into pinned memory returns once the copy is done
// ("API synchronization behavior"), so the host's read after it is ordered
// (fixed twin); cudaMemcpyAsync on a non-blocking stream returns at once
// and the same read races.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void produce(int *p) { p[threadIdx.x] = threadIdx.x + 1; }

int main() {
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev, *res;
  CHECK_CUDA(cudaMalloc(&dev, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocHost(&res, 64 * sizeof(int)));
  produce<<<1, 64>>>(dev);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaDeviceSynchronize());
  // RACE: WARNING: csan: data race (write-read) on 4 bytes at
  // RACE-NEXT: Read of size 4 at {{.*}} by host thread 1 on the host:
  // RACE: Previous write of size 256 by cudaMemcpyAsync on stream
#ifdef FIXED
  CHECK_CUDA(cudaMemcpy(res, dev, 64 * sizeof(int), cudaMemcpyDeviceToHost));
#else
  CHECK_CUDA(cudaMemcpyAsync(res, dev, 64 * sizeof(int), cudaMemcpyDeviceToHost, s));
#endif
  int v = res[2];
  CHECK_CUDA(cudaDeviceSynchronize());
  printf("res[2] %d\n", v);
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: res[2] 3
  return 0;
}
