// A kernel reads a buffer the program already gave back with cudaFree:
// csan's FREE markers are ordered before the launch, so the read is a use
// after free, reported at the access with the kernel's line, thread, the
// allocation's and the free's lines; the read returns 0 and the program
// goes on. The fixed twin reads before the free.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: csan: ERROR: use after free: read of 4 bytes at {{.*}} by kernel total(int const*, int*) at {{.*}}memerr_use_after_free.cu:[[#R:@LINE+6]]
// RACE-NEXT: block (0,0,0), thread ({{[0-9]+}},0,0)
// RACE: inside a 1024-byte freed allocation {{.*}} made by cudaMalloc at
// RACE: freed by cudaFree at {{.*}}memerr_use_after_free.cu:[[#@LINE+23]]
// RACE: SUMMARY: csan: use-after-free {{.*}}memerr_use_after_free.cu:[[#R]] in total(int const*, int*)
__global__ void total(const int *p, int *out) {
  atomicAdd(out, p[threadIdx.x]);
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

int main() {
  int *p, *out, h[256];
  for (int i = 0; i < 256; i++)
    h[i] = 1;
  CHECK_CUDA(cudaMalloc(&p, sizeof h));
  CHECK_CUDA(cudaMalloc(&out, sizeof(int)));
  CHECK_CUDA(cudaMemset(out, 0, sizeof(int)));
  CHECK_CUDA(cudaMemcpy(p, h, sizeof h, cudaMemcpyHostToDevice));
#ifdef FIXED
  total<<<1, 256>>>(p, out);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaFree(p));
#else
  CHECK_CUDA(cudaFree(p));
  total<<<1, 256>>>(p, out); // reads freed memory
  CHECK_LAUNCH();
#endif
  int sum = -1;
  CHECK_CUDA(cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost));
#ifdef FIXED
  return finish(sum == 256);
#else
  return finish(sum == 0); // every freed read gave 0
#endif
}
