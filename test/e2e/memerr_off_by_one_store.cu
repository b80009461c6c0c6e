// A kernel stores one element past the end of a 250-int (1000-byte)
// allocation: thread 250 writes p[250], in the bytes up to the next 256
// that no allocation can own. csan reports the store at the access, with
// the kernel's line, block and thread and the allocation's line, drops it
// (the bytes after the end keep what was there), and exits 66 at the end.
// The fixed twin stops at n - 1.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: csan: ERROR: out of bounds: write of 4 bytes at {{.*}} by kernel fill(int*, int) at {{.*}}memerr_off_by_one_store.cu:[[#W:@LINE+12]]
// RACE-NEXT: block (0,0,0), thread (250,0,0)
// RACE: is 0 bytes after the end of a 1000-byte allocation {{.*}} made by cudaMalloc at {{.*}}memerr_off_by_one_store.cu:[[#@LINE+20]]
// RACE: SUMMARY: csan: out-of-bounds {{.*}}memerr_off_by_one_store.cu:[[#W]] in fill(int*, int)
// RACE: e2e: result ok
__global__ void fill(int *p, int n) {
  int i = threadIdx.x;
#ifdef FIXED
  if (i < n)
#else
  if (i <= n) // off by one
#endif
    p[i] = i;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

int main() {
  const int n = 250;
  int *p;
  CHECK_CUDA(cudaMalloc(&p, n * sizeof(int)));
  fill<<<1, 256>>>(p, n);
  CHECK_LAUNCH();
  int h[n];
  CHECK_CUDA(cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++)
    ok &= h[i] == i;
  return finish(ok);
}
