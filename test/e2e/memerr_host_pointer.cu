// A kernel is handed a pointer to pageable host memory (a static array)
// instead of its device copy. No shadow covers the address and CUDA does
// not know it, so csan reports the access as "not device memory" with the
// kernel's line and thread: a write, as csan checks `*=` (its load and its
// store of the same bytes) once, with the store's kind, before the load.
// csan cannot tell such an address from memory allocated by code it does
// not see, so the access is not suppressed: on a GPU without pageable-memory
// access the load then faults, and csan also names the faulting launch. The
// report must arrive all the same (the first GPU runs checked `*=` at its
// store only: the load faulted first, unrecorded). The fixed twin passes
// the device copy.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: csan: ERROR: not device memory: write of 4 bytes at {{.*}} by kernel scale(float*) at {{.*}}memerr_host_pointer.cu:[[#W:@LINE+4]]
// RACE-NEXT: block (0,0,0), thread ({{[0-9]+}},0,0)
// RACE: SUMMARY: csan: not-device-memory {{.*}}memerr_host_pointer.cu:[[#W]] in scale(float*)
__global__ void scale(float *p) {
  p[threadIdx.x] *= 2.0f;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

static float host_data[64];

int main() {
  for (int i = 0; i < 64; i++)
    host_data[i] = (float)i;
  float *d;
  CHECK_CUDA(cudaMalloc(&d, sizeof host_data));
  CHECK_CUDA(cudaMemcpy(d, host_data, sizeof host_data, cudaMemcpyHostToDevice));
#ifdef FIXED
  scale<<<1, 64>>>(d);
#else
  scale<<<1, 64>>>(host_data); // a host pointer
#endif
  (void)cudaDeviceSynchronize(); // the race build may fault here
  float h[64];
  if (cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost) != cudaSuccess)
    return finish(false);
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok);
}
