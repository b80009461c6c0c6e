// Two-byte elements (__half) sharing a granule. A kernel on s1 writes
// elements [0, 4) (bytes [0, 8)); a kernel on s2 writes elements [4, 8)
// (bytes [8, 16)) with nothing ordering them: no race (the fixed twin).
// The race build's second kernel starts at element 3: bytes [6, 8) race
// (write-write, accesses of size 2).
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <cuda_fp16.h>

// RACE: WARNING: csan: data race (write-write) on 2 bytes at
// RACE-NEXT: Write of size 2 at {{.*}} by kernel put(__half*, int, int, float) on stream
__global__ void put(__half *p, int first, int n, float v) {
  int t = threadIdx.x;
  if (t < n)
    // RACE-NEXT: #0 put(__half*, int, int, float) {{.*}}bytes_half_neighbours.cu:[[#L:@LINE+1]]
    p[first + t] = __float2half(v);
}
// RACE: Previous write of size 2 by kernel put(__half*, int, int, float) on stream
// RACE-NEXT: #0 put(__half*, int, int, float) {{.*}}bytes_half_neighbours.cu:[[#L]]:
// RACE: Location: bytes [6, 8) of a 64-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}bytes_half_neighbours.cu:[[#L]]:{{[0-9]+}} in put(__half*, int, int, float)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  __half *buf;
  CHECK_CUDA(cudaMalloc(&buf, 64));
  CHECK_CUDA(cudaMemset(buf, 0, 64));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

  put<<<1, 32, 0, s1>>>(buf, 0, 4, 1.0f); // bytes [0, 8)
  CHECK_LAUNCH();
  settle();
#ifdef FIXED
  put<<<1, 32, 0, s2>>>(buf, 4, 4, 2.0f); // bytes [8, 16): disjoint
#else
  put<<<1, 32, 0, s2>>>(buf, 3, 5, 2.0f); // bytes [6, 16): [6, 8) is shared
#endif
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  __half h[8];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
#ifdef FIXED
  const int first_b = 4;
#else
  const int first_b = 3;
#endif
  for (int i = 0; i < 8; i++)
    ok &= __half2float(h[i]) == (i < first_b ? 1.0f : 2.0f);
  return finish(ok);
}
