// A kernel traps (`__trap()`, an illegal instruction for the GPU): the
// launch fails asynchronously and every later call returns the error. csan
// names the trapping launch and the call that first returned the error.
// The fixed twin does not trap.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void checked_scale(float *p, int bad) {
  if (bad && threadIdx.x == 7)
    __trap();
  p[threadIdx.x] *= 2.0f;
}

// RACE: csan: ERROR: asynchronous fault: cudaError{{[A-Za-z]+}}
// RACE-NEXT: returned by {{cudaGetLastError|cudaDeviceSynchronize}} at {{.*}}fault_trap.cu:{{[0-9]+}}
// RACE: #1 kernel checked_scale(float*, int) on stream {{.*}} (begun and never finished)
// RACE: SUMMARY: csan: asynchronous fault cudaError{{[A-Za-z]+}} in checked_scale(float*, int)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

int main() {
  float *a;
  CHECK_CUDA(cudaMalloc(&a, 256));
  CHECK_CUDA(cudaMemset(a, 0, 256));
  CHECK_CUDA(cudaDeviceSynchronize());
#ifdef FIXED
  checked_scale<<<1, 64>>>(a, 0);
#else
  checked_scale<<<1, 64>>>(a, 1);
#endif
  CHECK_LAUNCH();
  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 0.0f;
  return finish(ok);
}
