// A cudaMemcpy writes 1028 bytes into a 1024-byte allocation: csan reports
// the copy before it runs, with the bad byte's place after the allocation's
// end and the allocation's line, and exits 66. The fixed twin copies 1024.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void sum(const int *p, int *out) { atomicAdd(out, p[threadIdx.x]); }

// RACE: csan: ERROR: out of bounds: write of 1028 bytes at {{.*}} by cudaMemcpy
// RACE-NEXT: called at {{.*}}memerr_copy_past_end.cu:{{[0-9]+}}
// RACE: is 0 bytes after the end of a 1024-byte allocation {{.*}} made by cudaMalloc at {{.*}}memerr_copy_past_end.cu:{{[0-9]+}}
// RACE: SUMMARY: csan: out-of-bounds {{.*}}memerr_copy_past_end.cu:{{[0-9]+}}:{{[0-9]+}} in cudaMemcpy

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

int main() {
  int *a, *out;
  CHECK_CUDA(cudaMalloc(&a, 1024));
  CHECK_CUDA(cudaMalloc(&out, 4096));
  CHECK_CUDA(cudaMemset(out, 0, 4));
  static int h[257];
  for (int i = 0; i < 257; i++)
    h[i] = 1;
#ifdef FIXED
  CHECK_CUDA(cudaMemcpy(a, h, 1024, cudaMemcpyHostToDevice));
#else
  CHECK_CUDA(cudaMemcpy(a, h, 1028, cudaMemcpyHostToDevice));
#endif
  sum<<<1, 256>>>(a, out);
  CHECK_LAUNCH();
  int total = 0;
  CHECK_CUDA(cudaMemcpy(&total, out, sizeof total, cudaMemcpyDeviceToHost));
  return finish(total == 256);
}
