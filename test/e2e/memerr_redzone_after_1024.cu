// The issue's example: a kernel writes 4 bytes after a 1024-byte
// allocation (thread 256 stores p[256]). 1024 is a multiple of 256, so
// CUDA leaves no slack after it and the next allocation, q, may begin right
// there. csan asks for a redzone after every allocation and reports the
// store at the access, naming the 1024-byte allocation and its line, drops
// it (q keeps its zeros), and exits 66 at the end. The fixed twin stops at
// n - 1.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: csan: ERROR: out of bounds: write of 4 bytes at {{.*}} by kernel fill(int*, int) at {{.*}}memerr_redzone_after_1024.cu:[[#W:@LINE+12]]
// RACE-NEXT: block (0,0,0), thread (256,0,0)
// RACE: is 0 bytes after the end of a 1024-byte allocation {{.*}} made by cudaMalloc at {{.*}}memerr_redzone_after_1024.cu:[[#@LINE+20]]
// RACE: SUMMARY: csan: out-of-bounds {{.*}}memerr_redzone_after_1024.cu:[[#W]] in fill(int*, int)
// RACE: e2e: result ok
__global__ void fill(int *p, int n) {
  int i = threadIdx.x;
#ifdef FIXED
  if (i < n)
#else
  if (i <= n) // off by one: p[n] is 4 bytes after the end
#endif
    p[i] = i + 1;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

int main() {
  const int n = 256;
  int *p, *q;
  CHECK_CUDA(cudaMalloc(&p, n * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&q, n * sizeof(int)));
  CHECK_CUDA(cudaMemset(q, 0, n * sizeof(int)));
  fill<<<1, 512>>>(p, n);
  CHECK_LAUNCH();
  int h[n], hq[n];
  CHECK_CUDA(cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(hq, q, sizeof hq, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++)
    ok &= h[i] == i + 1 && hq[i] == 0;
  return finish(ok);
}
