// Host code against device work (issue 18, --csan-host-accesses): a worker
// thread synchronizes the stream and ends; the main thread joins it and
// reads the pinned result. The join passes the worker's clock (csan
// interposes pthread_join, which std::thread::join calls). The race build's
// worker ends without synchronizing: the join orders nothing, and the read
// races with the copy still filling the buffer.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <thread>

__global__ void produce(int *p) { p[threadIdx.x] = threadIdx.x + 1; }

int main() {
  cudaStream_t s = nonblocking_stream();
  int *dev, *res;
  CHECK_CUDA(cudaMalloc(&dev, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocHost(&res, 64 * sizeof(int)));
  res[0] = 0; // the main thread's own clock starts here, before any synchronization
  produce<<<1, 64, 0, s>>>(dev);
  CHECK_LAUNCH();
  // RACE: WARNING: csan: data race (write-read) on 4 bytes at
  // RACE-NEXT: Read of size 4 at {{.*}} by host thread 1 on the host:
  // RACE: Previous write of size 256 by cudaMemcpyAsync on stream
  // RACE: #0 {{.*}}in main {{.*}}host_thread_join.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpyAsync(res, dev, 64 * sizeof(int), cudaMemcpyDeviceToHost, s));
  std::thread worker([s] {
#ifdef FIXED
    CHECK_CUDA(cudaStreamSynchronize(s));
#else
    (void)s;
#endif
  });
  worker.join();
  int v = res[5];
  CHECK_CUDA(cudaStreamSynchronize(s));
  printf("res[5] %d\n", v);
  // RACE: Location: {{.*}} made by {{cudaMallocHost|cudaHostAlloc}} at:
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: res[5] 6
  CHECK_CUDA(cudaFreeHost(res));
  CHECK_CUDA(cudaFree(dev));
  return 0;
}
