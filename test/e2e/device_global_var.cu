// A __device__ global variable is tracked like an allocation. A kernel on
// s1 fills it; a kernel on s2 reads it with nothing ordering them
// (write-read). The fixed twin orders the reader with an event.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__device__ float table[64];

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel read_table(float*) on stream
__global__ void read_table(float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 read_table(float*) {{.*}}device_global_var.cu:[[#R:@LINE+1]]
  out[i] = table[i] * 2.0f;
}

// RACE: Previous write of size 4 by kernel fill_table() on stream
__global__ void fill_table() {
  // RACE-NEXT: #0 fill_table() {{.*}}device_global_var.cu:[[#@LINE+1]]
  table[threadIdx.x] = (float)threadIdx.x;
}
// The variable is 256 bytes; how the runtime names it after "of" is its
// choice, the byte range is not.
// RACE: Location: bytes [0, 256) of
// RACE: SUMMARY: csan: data race (write-read) {{.*}}device_global_var.cu:[[#R]]:{{[0-9]+}} in read_table(float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *out;
  CHECK_CUDA(cudaMalloc(&out, 256));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t filled;
  CHECK_CUDA(cudaEventCreate(&filled));
  CHECK_CUDA(cudaDeviceSynchronize());

  fill_table<<<1, 64, 0, s1>>>();
  CHECK_LAUNCH();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(filled, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, filled, 0));
#endif
  settle();
  read_table<<<1, 64, 0, s2>>>(out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok);
}
