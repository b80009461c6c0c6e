// A kernel writes through a wild pointer (an illegal address) and the
// program goes on with many unrelated CUDA calls, none of which it checks,
// before one it does. The first call that returns the error is where csan
// reports, and it still names the launch that faulted, not the launches
// issued after it (they all failed). The fixed twin writes in bounds. The
// unrelated work is ordered in both builds: each stream has a buffer of its
// own (b on t, c on s).
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void scatter(float *p, long long off) { p[off + threadIdx.x] = 1.0f; }
__global__ void unrelated(float *p) { p[threadIdx.x] += 1.0f; }

// RACE: csan: ERROR: asynchronous fault: cudaErrorIllegalAddress
// RACE: #1 kernel scatter(float*, long long) on stream {{.*}} (begun and never finished)
// RACE-NOT: kernel unrelated
// RACE: SUMMARY: csan: asynchronous fault cudaErrorIllegalAddress in scatter(float*, long long)
// RACE-NOT: csan: ERROR

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

int main() {
  float *a, *b, *c;
  CHECK_CUDA(cudaMalloc(&a, 256));
  CHECK_CUDA(cudaMalloc(&b, 256));
  CHECK_CUDA(cudaMalloc(&c, 256));
  CHECK_CUDA(cudaMemset(a, 0, 256));
  CHECK_CUDA(cudaMemset(b, 0, 256));
  CHECK_CUDA(cudaMemset(c, 0, 256));
  cudaStream_t s = nonblocking_stream(), t = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());
#ifdef FIXED
  long long off = 0;
#else
  long long off = 1ll << 40; // far outside every allocation
#endif
  scatter<<<1, 64, 0, s>>>(a, off);
  settle();
  float h[64];
  for (int i = 0; i < 100; i++) { // unchecked: their errors are ignored
    if (i % 2)
      unrelated<<<1, 64, 0, s>>>(c);
    else
      unrelated<<<1, 64, 0, t>>>(b);
    (void)cudaMemcpyAsync(h, b, sizeof h, cudaMemcpyDeviceToHost, t);
    (void)cudaMemsetAsync(b, 0, 256, t);
  }
  (void)cudaGetLastError();
  CHECK_CUDA(cudaDeviceSynchronize());
  CHECK_CUDA(cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 1.0f;
  return finish(ok);
}
