// Managed memory (cudaMallocManaged) is device memory for csan like any
// other: a kernel on s2 reading what a kernel on s1 wrote, with nothing
// ordering them, races (write-read). The fixed twin orders them with an
// event.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}managed_memory.cu:[[#R:@LINE+1]]
  out[i] = in[i] * 2.0f;
}

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}managed_memory.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
// RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMallocManaged at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}managed_memory.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf, *out;
  CHECK_CUDA(cudaMallocManaged(&buf, 1024));
  CHECK_CUDA(cudaMallocManaged(&out, 256));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t written;
  CHECK_CUDA(cudaEventCreate(&written));
  CHECK_CUDA(cudaDeviceSynchronize());

  produce<<<1, 64, 0, s1>>>(buf);
  CHECK_LAUNCH();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(written, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, written, 0));
#endif
  settle();
  consume<<<1, 64, 0, s2>>>(buf, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= out[i] == 2.0f * i; // managed: the host reads it directly
  return finish(ok);
}
