// A host function (cudaLaunchHostFunc) is a stream operation, not a host
// synchronization: it runs on a driver thread once the stream's earlier work
// is done, but the thread that enqueued it does not wait. In the race build
// s1 runs the writer and a host function, and the reader on s2 is issued
// with no wait: it races with the writer (write-read) although the host
// function has run. The fixed twin makes s2 wait for an event recorded on
// s1 after the host function: the function is a link of the chain.
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
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}host_func.cu:[[#R:@LINE+1]]
  out[i] = in[i] * 2.0f;
}

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}host_func.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}host_func.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

#include <atomic>

static std::atomic<int> host_func_ran{0};

static void CUDART_CB note_done(void *flag) {
  static_cast<std::atomic<int> *>(flag)->store(1);
}

int main() {
  float *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 256));
  CHECK_CUDA(cudaMalloc(&out, 256));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t ev;
  CHECK_CUDA(cudaEventCreate(&ev));
  CHECK_CUDA(cudaDeviceSynchronize());

  produce<<<1, 64, 0, s1>>>(buf);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaLaunchHostFunc(s1, note_done, &host_func_ran));
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(ev, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, ev, 0));
#endif
  settle();
  consume<<<1, 64, 0, s2>>>(buf, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok && host_func_ran.load() == 1);
}
