// A buffer freed twice: the cleanup path frees it again. csan reports the
// second cudaFree as a double free, with its line and the first free's
// line, and the call returns cudaErrorInvalidValue as CUDA's does (the
// program checks for it); csan exits 66 at the end. The fixed twin frees
// once.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: csan: ERROR: double free: cudaFree of 0x{{[0-9a-f]+}}
// RACE-NEXT: called at {{.*}}memerr_double_free.cu:[[#@LINE+24]]
// RACE: made by cudaMalloc at {{.*}}memerr_double_free.cu:[[#@LINE+13]]
// RACE: freed by cudaFree at {{.*}}memerr_double_free.cu:[[#@LINE+18]]
// RACE: SUMMARY: csan: double-free {{.*}}memerr_double_free.cu:[[#@LINE+21]]
// RACE: e2e: result ok

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

__global__ void fill(int *p) { p[threadIdx.x] = 1; }

int main() {
  int *p;
  CHECK_CUDA(cudaMalloc(&p, 64 * sizeof(int)));
  fill<<<1, 64>>>(p);
  CHECK_LAUNCH();
  int h[64];
  CHECK_CUDA(cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = h[63] == 1;
  CHECK_CUDA(cudaFree(p));
#ifdef FIXED
  cudaError_t second = cudaErrorInvalidValue; // freed once
#else
  cudaError_t second = cudaFree(p);
#endif
  ok &= second == cudaErrorInvalidValue;
  (void)cudaGetLastError();
  return finish(ok);
}
