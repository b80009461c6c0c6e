// A fixture of e2e-lint-directives.test: the shape of an e2e test, with a
// FileCheck directive hidden in a code comment (line 24).
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include <cstdio>

// RACE: csan: reported 1 data race(s)
// FIXED: e2e: result ok

__global__ void fill(int *p) { p[threadIdx.x] = 1; }

int main() {
  int *p;
  cudaMalloc(&p, 64 * sizeof(int));
  fill<<<1, 64>>>(p);
  int h[64];
  cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 1; // every element (FIXED: all of them) was written
  printf("e2e: result %s\n", ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
