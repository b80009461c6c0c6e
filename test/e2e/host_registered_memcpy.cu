// Host code against device work (issue 18, --csan-host-accesses): a heap
// buffer registered with cudaHostRegister receives an async copy, and the
// host copies it out with memcpy (checked as one range) before waiting.
// The fixed twin waits with cudaEventSynchronize on an event after the copy.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"
#include <cstring>
#include <vector>

__global__ void produce(int *p) { p[threadIdx.x] = threadIdx.x + 1; }

int main() {
  cudaStream_t s;
  CHECK_CUDA(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaEvent_t done;
  CHECK_CUDA(cudaEventCreate(&done));
  int *dev;
  CHECK_CUDA(cudaMalloc(&dev, 256 * sizeof(int)));
  std::vector<int> buf(256), out(256);
  CHECK_CUDA(cudaHostRegister(buf.data(), 256 * sizeof(int), cudaHostRegisterDefault));
  produce<<<1, 256, 0, s>>>(dev);
  CHECK_LAUNCH();
  // RACE: WARNING: csan: data race (write-read) on 1024 bytes at
  // RACE-NEXT: Read of size 1024 at {{.*}} by host thread 1 on the host:
  // RACE: Previous write of size 1024 by cudaMemcpyAsync on stream
  // RACE: #0 {{.*}}in main {{.*}}host_registered_memcpy.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpyAsync(buf.data(), dev, 256 * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaEventRecord(done, s));
#ifdef FIXED
  CHECK_CUDA(cudaEventSynchronize(done));
#endif
  size_t n = getenv("E2E_NEVER_SET") ? 4 : 256 * sizeof(int);
  memcpy(out.data(), buf.data(), n);
  CHECK_CUDA(cudaDeviceSynchronize());
  printf("out[255] %d\n", out[255]);
  // RACE: Location: {{.*}} made by cudaHostRegister at:
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: out[255]
  CHECK_CUDA(cudaHostUnregister(buf.data()));
  return 0;
}
