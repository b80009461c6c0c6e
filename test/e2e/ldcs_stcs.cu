// Streaming loads and stores (__ldcs/__stcs of cuda_fp16, inline PTX
// ld.global.cs/st.global.cs; clang marks such asm without a memory clobber
// memory(none)) are checked like plain ones: a kernel on s2 reads with
// __ldcs what a kernel on s1 wrote with __stcs, unordered (write-read, 128
// bytes). The fixed twin waits for an event.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <cuda_fp16.h>

// RACE: WARNING: csan: data race (write-read) on 128 bytes at
// RACE-NEXT: Read of size 2 at {{.*}} by kernel consume(__half const*, float*) on stream
__global__ void consume(const __half *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 consume(__half const*, float*) {{.*}}ldcs_stcs.cu:[[#R:@LINE+1]]
  out[i] = __half2float(__ldcs(in + i)) + 1.0f;
}

// RACE: Previous write of size 2 by kernel produce(__half*) on stream
__global__ void produce(__half *p) {
  // RACE-NEXT: #0 produce(__half*) {{.*}}ldcs_stcs.cu:[[#@LINE+1]]
  __stcs(p + threadIdx.x, __float2half((float)threadIdx.x));
}
// RACE: Location: bytes [0, 128) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}ldcs_stcs.cu:[[#R]]:{{[0-9]+}} in consume(__half const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  __half *buf;
  float *out;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
  CHECK_CUDA(cudaMalloc(&out, 1024));
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
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == i + 1.0f;
  return finish(ok);
}
