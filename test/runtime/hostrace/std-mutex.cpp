// C++: std::thread, std::mutex and std::condition_variable pass clocks
// between host threads (they call the pthread functions csan interposes).
// A worker synchronizes the stream and hands the result over under the
// mutex; the main thread waits and reads the pinned buffer. Race: the
// worker signals before it synchronizes. Fixed: it synchronizes under the
// mutex first; only the hand-over orders the main thread's read.
// RUN: %cxx_host %s -o %t.race && %cxx_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

#include <condition_variable>
#include <mutex>
#include <thread>

static std::mutex mu;
static std::condition_variable cv;
static bool ready;

int main() {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev, *res;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMallocHost((void **)&res, 64));
  res[0] = 0; // the main thread's clock starts here, before any synchronization
  CK(launch(fill, s, dev, 16));
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s));
  std::thread worker([s] {
    {
      std::lock_guard<std::mutex> g(mu);
#ifdef FIXED
      CK(cudaStreamSynchronize(s));
#endif
      ready = true;
    }
    cv.notify_one();
#ifndef FIXED
    CK(cudaStreamSynchronize(s));
#endif
  });
  int v;
  {
    std::unique_lock<std::mutex> g(mu);
    cv.wait(g, [] { return ready; });
    v = res[7]; // READ-LINE
  }
  worker.join();
  printf("main sees %d\n", v);
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}std-mutex.cpp:47:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// FIXED: main sees 8
