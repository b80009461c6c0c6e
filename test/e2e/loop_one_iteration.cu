// A double-buffered pipeline where only one iteration is wrong. Each
// iteration i produces into buf[i % 2] on s1 and consumes it on s2; before
// producing into a buffer again, s1 waits for the consumer that read it two
// iterations earlier. The race build skips that wait in iteration 5 only:
// producer 5 overwrites buf[1] while consumer 3 may still read it
// (read-write). Every other iteration is ordered, so exactly one race is
// reported. The fixed twin waits in every iteration.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

constexpr int kIters = 8, kN = 64;

// RACE: WARNING: csan: data race (read-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel produce(float*, int) on stream
__global__ void produce(float *buf, int iter) {
  // RACE-NEXT: #0 produce(float*, int) {{.*}}loop_one_iteration.cu:[[#W:@LINE+1]]
  buf[threadIdx.x] = (float)(iter * 100 + (int)threadIdx.x);
}

// RACE: Previous read of size 4 by kernel consume(float const*, float*, int) on stream
__global__ void consume(const float *buf, float *out, int iter) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 consume(float const*, float*, int) {{.*}}loop_one_iteration.cu:[[#@LINE+1]]
  out[iter * kN + i] = buf[i] + 1.0f;
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (read-write) {{.*}}loop_one_iteration.cu:[[#W]]:{{[0-9]+}} in produce(float*, int)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf[2], *out;
  CHECK_CUDA(cudaMalloc(&buf[0], kN * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&buf[1], kN * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, kIters * kN * sizeof(float)));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t produced[2], consumed[2];
  for (int b = 0; b < 2; b++) {
    CHECK_CUDA(cudaEventCreateWithFlags(&produced[b], cudaEventDisableTiming));
    CHECK_CUDA(cudaEventCreateWithFlags(&consumed[b], cudaEventDisableTiming));
  }
  CHECK_CUDA(cudaDeviceSynchronize());

  for (int i = 0; i < kIters; i++) {
    int b = i % 2;
    bool wait = i >= 2;
#ifndef FIXED
    if (i == 5)
      wait = false; // the bug: iteration 5 forgets to wait for consumer 3
#endif
    if (wait)
      CHECK_CUDA(cudaStreamWaitEvent(s1, consumed[b], 0));
    if (i == 5)
      settle(); // consumer 3 has run: csan sees its read first
    produce<<<1, kN, 0, s1>>>(buf[b], i);
    CHECK_LAUNCH();
    CHECK_CUDA(cudaEventRecord(produced[b], s1));
    CHECK_CUDA(cudaStreamWaitEvent(s2, produced[b], 0));
    consume<<<1, kN, 0, s2>>>(buf[b], out, i);
    CHECK_LAUNCH();
    CHECK_CUDA(cudaEventRecord(consumed[b], s2));
  }

  CHECK_CUDA(cudaDeviceSynchronize());
  static float h[kIters * kN];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < kIters * kN; i++)
    ok &= h[i] == (float)((i / kN) * 100 + i % kN) + 1.0f;
  return finish(ok);
}
