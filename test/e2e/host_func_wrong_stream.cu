// Host code against device work (issue 18, --csan-host-accesses): a host
// function reads the result a copy writes into pinned memory. On the
// copy's stream it runs after the copy (fixed twin); on another stream
// nothing orders it after the copy (race).
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

static int *res;
static int seen;
static void CUDART_CB consume(void *) { seen = res[3]; }

__global__ void produce(int *p) { p[threadIdx.x] = threadIdx.x + 1; }

int main() {
  cudaStream_t s1, s2;
  CHECK_CUDA(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CHECK_CUDA(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  int *dev;
  CHECK_CUDA(cudaMalloc(&dev, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocHost(&res, 64 * sizeof(int)));
  produce<<<1, 64, 0, s1>>>(dev);
  CHECK_LAUNCH();
  // RACE: WARNING: csan: data race (write-read) on 4 bytes at
  // RACE-NEXT: Read of size 4 at {{.*}} by host function on stream
  // RACE: Previous write of size 256 by cudaMemcpyAsync on stream
  // RACE: #0 {{.*}}in main {{.*}}host_func_wrong_stream.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpyAsync(res, dev, 64 * sizeof(int), cudaMemcpyDeviceToHost, s1));
#ifdef FIXED
  CHECK_CUDA(cudaLaunchHostFunc(s1, consume, nullptr));
#else
  settle();
  CHECK_CUDA(cudaLaunchHostFunc(s2, consume, nullptr));
#endif
  CHECK_CUDA(cudaDeviceSynchronize());
  printf("seen %d\n", seen);
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: seen 4
  return 0;
}
