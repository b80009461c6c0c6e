// Two host threads, each launching on its own per-thread default stream
// (stream 0 under per-thread default streams). The two per-thread streams
// are different streams and do not order each other: thread B reading what
// thread A wrote races (write-read) even though thread A was joined first
// (joining a host thread is not a CUDA synchronization). The fixed twin
// records an event on A's stream and makes B's stream wait for it.
//
// See per_thread_default_stream.cu for the flags.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 -Xclang -fgpu-default-stream=per-thread -DCUDA_API_PER_THREAD_DEFAULT_STREAM=1 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -Xclang -fgpu-default-stream=per-thread -DCUDA_API_PER_THREAD_DEFAULT_STREAM=1 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <thread>

#ifndef CUDA_API_PER_THREAD_DEFAULT_STREAM
#error "this test must be built with per-thread default streams"
#endif

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}per_thread_two_threads.cu:[[#R:@LINE+1]]
  out[i] = in[i] * 2.0f;
}

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}per_thread_two_threads.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}per_thread_two_threads.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 256));
  CHECK_CUDA(cudaMalloc(&out, 256));
  cudaEvent_t written;
  CHECK_CUDA(cudaEventCreateWithFlags(&written, cudaEventDisableTiming));
  CHECK_CUDA(cudaDeviceSynchronize());

  std::thread a([&] {
    produce<<<1, 64>>>(buf); // thread A's per-thread default stream
    CHECK_LAUNCH();
#ifdef FIXED
    CHECK_CUDA(cudaEventRecord(written, 0));
#endif
  });
  a.join();
  settle();
  std::thread b([&] {
#ifdef FIXED
    CHECK_CUDA(cudaStreamWaitEvent(0, written, 0));
#endif
    consume<<<1, 64>>>(buf, out); // thread B's per-thread default stream
    CHECK_LAUNCH();
    CHECK_CUDA(cudaStreamSynchronize(0));
  });
  b.join();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok);
}
