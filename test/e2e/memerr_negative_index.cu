// A kernel indexes an array with a negative index that reaches back past
// the array's start, into the bytes after the end of the allocation before
// it (up to the next 256 bytes, which no allocation can own). csan has no
// redzone before an allocation, so the index is computed to land there
// whichever order the allocator put the two arrays in: a plain p[-1] is
// caught only when the bytes before p are such slack. csan reports the read
// at the access and makes it read 0; the fixed twin uses index 0.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: csan: ERROR: out of bounds: read of 4 bytes at {{.*}} by kernel gather(int const*, long long, int*) at {{.*}}memerr_negative_index.cu:[[#R:@LINE+5]]
// RACE-NEXT: block (0,0,0), thread (0,0,0)
// RACE: is 0 bytes after the end of a 1000-byte allocation {{.*}} made by cudaMalloc at
// RACE: SUMMARY: csan: out-of-bounds {{.*}}memerr_negative_index.cu:[[#R]] in gather(int const*, long long, int*)
__global__ void gather(const int *p, long long i, int *out) {
  *out = p[i] + 1;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

int main() {
  int *a, *b, *out;
  CHECK_CUDA(cudaMalloc(&a, 1000));
  CHECK_CUDA(cudaMalloc(&b, 1000));
  CHECK_CUDA(cudaMalloc(&out, sizeof(int)));
  CHECK_CUDA(cudaMemset(a, 0, 1000));
  CHECK_CUDA(cudaMemset(b, 0, 1000));
  int *lo = a < b ? a : b, *hi = a < b ? b : a;
#ifdef FIXED
  long long i = 0;
#else
  long long i = (lo + 250) - hi; // negative: lo's first byte past its end
#endif
  gather<<<1, 1>>>(hi, i, out);
  CHECK_LAUNCH();
  int h = -1;
  CHECK_CUDA(cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost));
  return finish(h == 1); // the bad read gave 0
}
