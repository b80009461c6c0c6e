// Atomics do not race with atomics: kernels on two unordered streams that
// only atomicAdd the same counters are clean (the fixed twin). In the race
// build the second kernel also peeks at the counters with a plain load,
// and that plain read races with the first kernel's atomic writes
// (write-read), while its own atomics still race with nothing.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-read) on 16 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel tally(int*, int*, bool) on stream
__global__ void tally(int *counters, int *seen, bool peek) {
  int i = threadIdx.x;
  if (peek)
    // RACE-NEXT: #0 tally(int*, int*, bool) {{.*}}atomics_vs_atomics.cu:[[#R:@LINE+1]]
    seen[i] = counters[i % 4];
  // RACE: Previous atomic write of size 4 by kernel tally(int*, int*, bool) on stream
  // RACE-NEXT: #0 tally(int*, int*, bool) {{.*}}atomics_vs_atomics.cu:[[#@LINE+1]]
  atomicAdd(&counters[i % 4], 1);
}
// RACE: Location: bytes [0, 16) of a 16-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}atomics_vs_atomics.cu:[[#R]]:{{[0-9]+}} in tally(int*, int*, bool)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *counters, *seen;
  CHECK_CUDA(cudaMalloc(&counters, 4 * sizeof(int)));
  CHECK_CUDA(cudaMemset(counters, 0, 4 * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&seen, 64 * sizeof(int)));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

  tally<<<1, 64, 0, s1>>>(counters, seen, false);
  CHECK_LAUNCH();
  settle();
#ifdef FIXED
  tally<<<1, 64, 0, s2>>>(counters, seen, false); // atomics only: no race
#else
  tally<<<1, 64, 0, s2>>>(counters, seen, true); // plus a plain read: races
#endif
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  int h[4];
  CHECK_CUDA(cudaMemcpy(h, counters, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 4; i++)
    ok &= h[i] == 32;
  return finish(ok);
}
