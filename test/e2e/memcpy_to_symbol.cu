// cudaMemcpyToSymbol writes a __device__ variable on the legacy default
// stream. A kernel on non-blocking stream s reads the variable; the copy
// that follows is not ordered after it (a non-blocking stream takes no part
// in the legacy stream's barrier), so the copy's write races with the read
// (read-write, reported by the copy). The fixed twin creates s as a
// blocking stream, whose earlier work the legacy stream waits for.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__device__ float coeffs[64];

__global__ void apply(float *out); // defined after main

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *out, first[64], second[64];
  for (int i = 0; i < 64; i++) {
    first[i] = (float)i;
    second[i] = -1.0f;
  }
  CHECK_CUDA(cudaMalloc(&out, 256));
  CHECK_CUDA(cudaMemcpyToSymbol(coeffs, first, sizeof first));
#ifdef FIXED
  cudaStream_t s = blocking_stream();
#else
  cudaStream_t s = nonblocking_stream();
#endif
  CHECK_CUDA(cudaDeviceSynchronize());

  apply<<<1, 64, 0, s>>>(out);
  CHECK_LAUNCH();
  settle();
  // RACE: WARNING: csan: data race (read-write) on 256 bytes at
  // RACE-NEXT: Write of size 256 at {{.*}} by cudaMemcpyToSymbol on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}memcpy_to_symbol.cu:[[#M:@LINE+1]]
  CHECK_CUDA(cudaMemcpyToSymbol(coeffs, second, sizeof second));

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 3.0f * i;
  return finish(ok);
}

// RACE: Previous read of size 4 by kernel apply(float*) on stream
__global__ void apply(float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 apply(float*) {{.*}}memcpy_to_symbol.cu:[[#@LINE+1]]
  out[i] = 3.0f * coeffs[i];
}
// RACE: Location: bytes [0, 256) of
// RACE: SUMMARY: csan: data race (read-write) {{.*}}memcpy_to_symbol.cu:[[#M]]{{[: ]}}
// RACE: csan: reported 1 data race(s)
