// Host code against device work (issue 18, the device half): a kernel
// writes managed memory, and the host reads it before synchronizing the
// kernel's stream (on a GPU with concurrent managed access, as the GPU
// pack's H100/H200 on Linux have, a silent race). Managed memory has device
// shadow too; the device also logs the accesses to it for the host, which
// it tells from device memory by the table of managed ranges csan keeps in
// device memory. The fixed twin synchronizes first.
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
  int *m;
  CHECK_CUDA(cudaMallocManaged(&m, 64 * sizeof(int)));
  for (int i = 0; i < 64; i++)
    m[i] = 0;
  CHECK_CUDA(cudaDeviceSynchronize());
  produce<<<1, 64, 0, s>>>(m);
  CHECK_LAUNCH();
  settle();
#ifdef FIXED
  CHECK_CUDA(cudaStreamSynchronize(s));
#endif
  // RACE: WARNING: csan: data race (write-read) on 4 bytes at
  // RACE-NEXT: Read of size 4 at {{.*}} by host thread 1 on the host:
  // RACE: #0 {{.*}} in main {{.*}}host_managed_kernel_write.cu:[[#@LINE+3]]
  // RACE: Previous write of size 4 by kernel produce(int*) on stream
  // RACE-NEXT: #0 produce(int*) {{.*}}host_managed_kernel_write.cu:[[#@LINE-20]]
  int v = m[9];
  CHECK_CUDA(cudaStreamSynchronize(s));
  // RACE: Location: bytes [36, 40) of a 256-byte allocation at {{.*}} made by cudaMallocManaged at:
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: e2e: result ok
  int r = finish(v == 10);
  CHECK_CUDA(cudaFree(m));
  return r;
}
