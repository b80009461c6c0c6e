// Host code against device work (issue 18, --csan-host-accesses): a worker
// thread synchronizes the stream and hands the result over under a
// std::mutex and a std::condition_variable; the main thread waits for it
// and reads the pinned buffer. The lock passes the worker's clock (csan
// interposes pthread_mutex_lock/unlock and the condition wait). In the race
// build the worker signals before it synchronizes: the read is not ordered
// after the copy.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <condition_variable>
#include <mutex>
#include <thread>

__global__ void produce(int *p) { p[threadIdx.x] = threadIdx.x + 1; }

static std::mutex mu;
static std::condition_variable cv;
static bool ready;

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
  // RACE: #0 {{.*}}in main {{.*}}host_mutex_handoff.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpyAsync(res, dev, 64 * sizeof(int), cudaMemcpyDeviceToHost, s));
  std::thread worker([s] {
    {
      std::lock_guard<std::mutex> g(mu);
#ifdef FIXED
      CHECK_CUDA(cudaStreamSynchronize(s));
#endif
      ready = true;
    }
    cv.notify_one();
#ifndef FIXED
    CHECK_CUDA(cudaStreamSynchronize(s));
#endif
  });
  int v;
  {
    std::unique_lock<std::mutex> g(mu);
    cv.wait(g, [] { return ready; });
    v = res[5];
  }
  worker.join();
  printf("res[5] %d\n", v);
  // RACE: Location: {{.*}} made by {{cudaMallocHost|cudaHostAlloc}} at:
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: res[5] 6
  CHECK_CUDA(cudaFreeHost(res));
  CHECK_CUDA(cudaFree(dev));
  return 0;
}
