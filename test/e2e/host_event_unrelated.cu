// Host code against device work (issue 18, --csan-host-accesses): the host
// waits on an event and reads a pinned buffer a copy fills. The race build
// records the event before the copy (it captures the kernel only, so the
// cudaEventSynchronize does not cover the copy); the fixed twin records it
// after the copy.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void produce(int *p) { p[threadIdx.x] = threadIdx.x + 1; }

int main() {
  cudaStream_t s = nonblocking_stream();
  cudaEvent_t done;
  CHECK_CUDA(cudaEventCreate(&done));
  int *dev, *res;
  CHECK_CUDA(cudaMalloc(&dev, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocHost(&res, 64 * sizeof(int)));
  produce<<<1, 64, 0, s>>>(dev);
  CHECK_LAUNCH();
#ifndef FIXED
  CHECK_CUDA(cudaEventRecord(done, s));
#endif
  // RACE: WARNING: csan: data race (write-read) on 4 bytes at
  // RACE-NEXT: Read of size 4 at {{.*}} by host thread 1 on the host:
  // RACE: Previous write of size 256 by cudaMemcpyAsync on stream
  // RACE: #0 {{.*}}in main {{.*}}host_event_unrelated.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpyAsync(res, dev, 64 * sizeof(int), cudaMemcpyDeviceToHost, s));
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(done, s));
#endif
  CHECK_CUDA(cudaEventSynchronize(done));
  int v = res[5];
  CHECK_CUDA(cudaStreamSynchronize(s));
  printf("res[5] %d\n", v);
  // RACE: Location: {{.*}} made by {{cudaMallocHost|cudaHostAlloc}} at:
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: res[5] 6
  CHECK_CUDA(cudaEventDestroy(done));
  CHECK_CUDA(cudaFreeHost(res));
  CHECK_CUDA(cudaFree(dev));
  return 0;
}
