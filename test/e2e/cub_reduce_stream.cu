// CUB's DeviceReduce::Sum on stream s1 writes the sum while a kernel on s2
// reads it, with nothing ordering them (write-read, 4 bytes). CUB's kernel
// is compiled by csan like the program's own: its store is checked (its
// frames are all in CUB's headers, so the report names CUB's line). The
// fixed twin makes s2 wait for an event recorded after the reduction.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <cub/device/device_reduce.cuh>

// RACE: WARNING: csan: data race (write-read) on 4 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(int const*, int*) on stream
__global__ void consume(const int *sum, int *out) {
  // RACE-NEXT: #0 consume(int const*, int*) {{.*}}cub_reduce_stream.cu:[[#R:@LINE+1]]
  out[threadIdx.x] = *sum + (int)threadIdx.x;
}
// RACE: Previous write of size 4 by kernel {{.*}}DeviceReduceSingleTileKernel{{.*}} on stream
// RACE-NEXT: #0 {{.*}}cub/{{.*}}:{{[0-9]+}}
// RACE: Location: bytes [0, 4) of a 4-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}cub_reduce_stream.cu:[[#R]]:{{[0-9]+}} in consume(int const*, int*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  const int n = 256;
  int *in, *sum, *out;
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&sum, sizeof(int)));
  CHECK_CUDA(cudaMalloc(&out, 32 * sizeof(int)));
  int h_in[n];
  for (int i = 0; i < n; i++)
    h_in[i] = i;
  CHECK_CUDA(cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  size_t temp_bytes = 0;
  CHECK_CUDA(cub::DeviceReduce::Sum(nullptr, temp_bytes, in, sum, n));
  void *temp;
  CHECK_CUDA(cudaMalloc(&temp, temp_bytes));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t reduced;
  CHECK_CUDA(cudaEventCreate(&reduced));
  CHECK_CUDA(cudaDeviceSynchronize());

  CHECK_CUDA(cub::DeviceReduce::Sum(temp, temp_bytes, in, sum, n, s1));
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(reduced, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, reduced, 0));
#endif
  settle();
  consume<<<1, 32, 0, s2>>>(sum, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  int h[32];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 32; i++)
    ok &= h[i] == n * (n - 1) / 2 + i;
  return finish(ok);
}
