// The per-thread default stream (built with per-thread default streams:
// stream 0 means the calling thread's own default stream). It is a blocking
// stream, not the legacy stream: it synchronizes with the legacy stream but
// not with other blocking streams. A kernel on a blocking stream s reading
// what a kernel on the per-thread stream wrote is a race (write-read); the
// fixed twin reads on cudaStreamLegacy, which waits for the per-thread
// stream's earlier work.
//
// clang 22 forwards -fgpu-default-stream=per-thread to cc1 only for HIP, so
// the CUDA spelling is the cc1 flag (launches call cudaLaunchKernel_ptsz)
// plus the macro CUDA's headers read (API calls select their _ptsz forms),
// which is what nvcc --default-stream per-thread does.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 -Xclang -fgpu-default-stream=per-thread -DCUDA_API_PER_THREAD_DEFAULT_STREAM=1 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -Xclang -fgpu-default-stream=per-thread -DCUDA_API_PER_THREAD_DEFAULT_STREAM=1 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#ifndef CUDA_API_PER_THREAD_DEFAULT_STREAM
#error "this test must be built with per-thread default streams"
#endif

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}per_thread_default_stream.cu:[[#R:@LINE+1]]
  out[i] = in[i] * 2.0f;
}

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}per_thread_default_stream.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}per_thread_default_stream.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 256));
  CHECK_CUDA(cudaMalloc(&out, 256));
#ifdef FIXED
  cudaStream_t reader = cudaStreamLegacy;
#else
  cudaStream_t reader = blocking_stream();
#endif
  CHECK_CUDA(cudaDeviceSynchronize());

  produce<<<1, 64>>>(buf); // this thread's per-thread default stream
  CHECK_LAUNCH();
  settle();
  consume<<<1, 64, 0, reader>>>(buf, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok);
}
