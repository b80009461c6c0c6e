// Host code against device work (issue 18, --csan-host-accesses): the host
// polls with cudaStreamQuery until the work is done, then reads the pinned
// result. A successful query is an observed synchronization of the stream
// it names. The race build polls another (idle) stream, which says nothing
// about the copy; the fixed twin polls the copy's stream.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void produce(int *p) { p[threadIdx.x] = threadIdx.x + 1; }

int main() {
  cudaStream_t s = nonblocking_stream(), idle = nonblocking_stream();
  int *dev, *res;
  CHECK_CUDA(cudaMalloc(&dev, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocHost(&res, 64 * sizeof(int)));
  produce<<<1, 64, 0, s>>>(dev);
  CHECK_LAUNCH();
  // RACE: WARNING: csan: data race (write-read) on 4 bytes at
  // RACE-NEXT: Read of size 4 at {{.*}} by host thread 1 on the host:
  // RACE: Previous write of size 256 by cudaMemcpyAsync on stream
  // RACE: #0 {{.*}}in main {{.*}}host_query_other_stream.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpyAsync(res, dev, 64 * sizeof(int), cudaMemcpyDeviceToHost, s));
#ifdef FIXED
  cudaStream_t polled = s;
#else
  cudaStream_t polled = idle;
  settle(); // the copy is done in real time; only the ordering is missing
#endif
  while (cudaStreamQuery(polled) == cudaErrorNotReady) {
  }
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
