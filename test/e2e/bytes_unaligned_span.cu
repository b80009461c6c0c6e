// Ranges that start and end in the middle of granules. A kernel on s1
// writes bytes [5, 21), crossing the granule boundary at 16; a kernel on
// s2 writes bytes [21, 40) with nothing ordering them: they share granule
// [16, 32) but no byte, so no race (the fixed twin). The race build's
// second kernel starts at byte 20: exactly [20, 21) races (write-write).
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on 1 {{bytes?}} at
// RACE-NEXT: Write of size 1 at {{.*}} by kernel put(char*, int, int, char) on stream
__global__ void put(char *p, int first, int end, char v) {
  int b = first + (int)threadIdx.x;
  if (b < end)
    // RACE-NEXT: #0 put(char*, int, int, char) {{.*}}bytes_unaligned_span.cu:[[#L:@LINE+1]]
    p[b] = v;
}
// RACE: Previous write of size 1 by kernel put(char*, int, int, char) on stream
// RACE-NEXT: #0 put(char*, int, int, char) {{.*}}bytes_unaligned_span.cu:[[#L]]:
// RACE: Location: bytes [20, 21) of a 64-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}bytes_unaligned_span.cu:[[#L]]:{{[0-9]+}} in put(char*, int, int, char)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  char *buf;
  CHECK_CUDA(cudaMalloc(&buf, 64));
  CHECK_CUDA(cudaMemset(buf, 0, 64));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

  put<<<1, 64, 0, s1>>>(buf, 5, 21, 'a');
  CHECK_LAUNCH();
  settle();
#ifdef FIXED
  const int first_b = 21;
#else
  const int first_b = 20;
#endif
  put<<<1, 64, 0, s2>>>(buf, first_b, 40, 'b');
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  char h[64];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == (i < 5 ? 0 : i < first_b ? 'a' : i < 40 ? 'b' : 0);
  return finish(ok);
}
