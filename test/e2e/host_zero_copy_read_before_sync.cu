// Host code against device work (issue 18, the device half): a kernel
// writes mapped pinned memory directly (zero-copy), and the host reads the
// result before synchronizing the kernel's stream. The kernel's accesses
// reach the host's shadow through csan's host-memory log, which the host
// replays before its own access. The fixed twin synchronizes first.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void produce(int *p) {
  p[threadIdx.x] = threadIdx.x + 1;
}

int main() {
  cudaStream_t s = nonblocking_stream();
  int *res, *dres;
  CHECK_CUDA(cudaHostAlloc(&res, 64 * sizeof(int), cudaHostAllocMapped));
  CHECK_CUDA(cudaHostGetDevicePointer((void **)&dres, res, 0));
  for (int i = 0; i < 64; i++)
    res[i] = 0;
  CHECK_CUDA(cudaDeviceSynchronize());
  produce<<<1, 64, 0, s>>>(dres);
  CHECK_LAUNCH();
  settle();
#ifdef FIXED
  CHECK_CUDA(cudaStreamSynchronize(s));
#endif
  // RACE: WARNING: csan: data race (write-read) on 4 bytes at
  // RACE-NEXT: Read of size 4 at {{.*}} by host thread 1 on the host:
  // RACE: #0 {{.*}} in main {{.*}}host_zero_copy_read_before_sync.cu:[[#@LINE+3]]
  // RACE: Previous write of size 4 by kernel produce(int*) on stream
  // RACE-NEXT: #0 produce(int*) {{.*}}host_zero_copy_read_before_sync.cu:[[#@LINE-21]]
  int v = res[5];
  CHECK_CUDA(cudaStreamSynchronize(s));
  // RACE: Location: bytes [20, 24) of a 256-byte allocation at {{.*}} made by cudaHostAlloc at:
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: e2e: result ok
  int r = finish(v == 6);
  CHECK_CUDA(cudaFreeHost(res));
  return r;
}
