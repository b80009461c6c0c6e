// A stencil reads one element past the end of its 250-float (1000-byte)
// input: thread 249 reads in[250], in the bytes up to the next 256 that no
// allocation can own. csan reports the load at the access with the
// kernel's line, block and thread and the input's allocation, makes it
// read 0 (the program goes on), and exits 66 at the end. The fixed twin
// reads in[i + 1] only inside the array.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: csan: ERROR: out of bounds: read of 4 bytes at {{.*}} by kernel diff(float const*, float*, int) at {{.*}}memerr_off_by_one_load.cu:[[#R:@LINE+11]]
// RACE-NEXT: block (0,0,0), thread (249,0,0)
// RACE: is 0 bytes after the end of a 1000-byte allocation {{.*}} made by cudaMalloc at {{.*}}memerr_off_by_one_load.cu:[[#@LINE+24]]
// RACE: SUMMARY: csan: out-of-bounds {{.*}}memerr_off_by_one_load.cu:[[#R]] in diff(float const*, float*, int)
// RACE: e2e: result ok
__global__ void diff(const float *in, float *out, int n) {
  int i = threadIdx.x;
  if (i < n) {
#ifdef FIXED
    float next = i + 1 < n ? in[i + 1] : 0.0f;
#else
    float next = in[i + 1]; // off by one for i == n - 1
#endif
    out[i] = next - in[i];
  }
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

int main() {
  const int n = 250;
  float *in, *out, h[n];
  for (int i = 0; i < n; i++)
    h[i] = (float)i;
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, n * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
  diff<<<1, 256>>>(in, out, n);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = h[n - 1] == -(float)(n - 1); // the bad read gave 0 (the fixed build reads in bounds: 0 too)
  for (int i = 0; i < n - 1; i++)
    ok &= h[i] == 1.0f;
  return finish(ok);
}
