// A device assert fails in the second of three kernels on one stream while
// another stream runs a long kernel. The error surfaces at the host's next
// synchronization; csan names the asserting launch first, with the
// assert's line (the instrumented kernel recorded both in host-mapped
// memory before the assert stopped the context); the long kernel is named
// second only when it is still running as the error reaches the host (on
// the H200 of the GPU runs the error came only after it ended, so it is not
// checked here). Nothing was serialized. The fixed twin's assert holds.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include <cassert>

#include "Inputs/e2e.h"

__global__ void longrun(float *p, long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {
  }
  p[threadIdx.x] = 1.0f;
}

__global__ void first(float *p) { p[threadIdx.x] += 1.0f; }

__global__ void second(float *p, int limit) {
  assert(threadIdx.x < limit);
  p[threadIdx.x] *= 2.0f;
}

__global__ void third(float *p) { p[threadIdx.x] -= 1.0f; }

// RACE: csan: ERROR: asynchronous fault: cudaErrorAssert
// RACE: The operation{{s?}} that may have faulted, most likely first
// RACE-NEXT: #1 kernel second(float*, int) on stream {{.*}} (the device recorded the fault in it)
// RACE: device line {{.*}}fault_assert_second_of_three.cu:[[#@LINE-9]]
// RACE: launched at {{.*}}fault_assert_second_of_three.cu:[[#@LINE+26]]:
// RACE: SUMMARY: csan: asynchronous fault cudaErrorAssert in second(float*, int) launched at {{.*}}fault_assert_second_of_three.cu:[[#@LINE+25]]:

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

int main() {
  float *a, *b;
  CHECK_CUDA(cudaMalloc(&a, 256));
  CHECK_CUDA(cudaMalloc(&b, 256));
  CHECK_CUDA(cudaMemset(a, 0, 256));
  CHECK_CUDA(cudaMemset(b, 0, 256));
  cudaStream_t s = nonblocking_stream(), t = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());
#ifdef FIXED
  int limit = 64;
#else
  int limit = 32;
#endif
  // About 2 s: still running when the assert's error reaches the host (the
  // first GPU run, with 0.1 s, saw it finish first); the assert ends it.
  longrun<<<1, 64, 0, t>>>(b, 4000000000ll);
  CHECK_LAUNCH();
  first<<<1, 64, 0, s>>>(a);
  CHECK_LAUNCH();
  second<<<1, 64, 0, s>>>(a, limit); // the launch line csan names
  CHECK_LAUNCH();
  third<<<1, 64, 0, s>>>(a);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaStreamSynchronize(s));
  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 1.0f;
  return finish(ok);
}
