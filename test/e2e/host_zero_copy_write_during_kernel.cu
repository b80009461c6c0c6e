// Host code against device work (issue 18, the device half): a kernel
// reads mapped pinned memory directly (zero-copy), and the host refills
// the buffer before the kernel's stream is synchronized. The kernel's
// reads, logged by the device, are replayed on the host's shadow before the
// host's write is checked. The fixed twin synchronizes first.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 --csan-host-accesses %s -o %t.race
// RUN: %csan_clangxx -g -O2 --csan-host-accesses -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void scale(const int *in, int *out) {
  out[threadIdx.x] = in[threadIdx.x] * 2;
}

int main() {
  cudaStream_t s = nonblocking_stream();
  int *in, *din, *out;
  CHECK_CUDA(cudaHostAlloc(&in, 64 * sizeof(int), cudaHostAllocMapped));
  CHECK_CUDA(cudaHostGetDevicePointer((void **)&din, in, 0));
  CHECK_CUDA(cudaMalloc(&out, 64 * sizeof(int)));
  for (int i = 0; i < 64; i++)
    in[i] = i;
  CHECK_CUDA(cudaDeviceSynchronize());
  scale<<<1, 64, 0, s>>>(din, out);
  CHECK_LAUNCH();
  settle();
#ifdef FIXED
  CHECK_CUDA(cudaStreamSynchronize(s));
#endif
  // RACE: WARNING: csan: data race (read-write) on 4 bytes at
  // RACE-NEXT: Write of size 4 at {{.*}} by host thread 1 on the host:
  // RACE: #0 {{.*}} in main {{.*}}host_zero_copy_write_during_kernel.cu:[[#@LINE+3]]
  // RACE: Previous read of size 4 by kernel scale(int const*, int*) on stream
  // RACE-NEXT: #0 scale(int const*, int*) {{.*}}host_zero_copy_write_during_kernel.cu:[[#@LINE-22]]
  in[7] = 100;
  CHECK_CUDA(cudaStreamSynchronize(s));
  int back[64];
  CHECK_CUDA(cudaMemcpy(back, out, sizeof back, cudaMemcpyDeviceToHost));
  // RACE: Location: bytes [28, 32) of a 256-byte allocation at {{.*}} made by cudaHostAlloc at:
  // RACE: csan: reported 1 data race(s)
  // FIXED-NOT: WARNING
  // FIXED: e2e: result ok
  int r = finish(back[7] == 14 && back[63] == 126);
  CHECK_CUDA(cudaFree(out));
  CHECK_CUDA(cudaFreeHost(in));
  return r;
}
