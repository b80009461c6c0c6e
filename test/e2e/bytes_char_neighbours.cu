// Byte precision inside one 16-byte granule. A kernel on s1 writes bytes
// [0, 8) and a kernel on s2 writes bytes [8, 16) of the same granule, with
// nothing ordering them: disjoint bytes never race (the fixed twin). The
// race build's second kernel starts one byte earlier, at byte 7: exactly
// that one shared byte races (write-write, [7, 8)).
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on 1 {{bytes?}} at
// RACE-NEXT: Write of size 1 at {{.*}} by kernel put(unsigned char*, int, int, unsigned char) on stream
__global__ void put(unsigned char *p, int first, int n, unsigned char v) {
  int t = threadIdx.x;
  if (t < n)
    // RACE-NEXT: #0 put(unsigned char*, int, int, unsigned char) {{.*}}bytes_char_neighbours.cu:[[#L:@LINE+1]]
    p[first + t] = v;
}
// RACE: Previous write of size 1 by kernel put(unsigned char*, int, int, unsigned char) on stream
// RACE-NEXT: #0 put(unsigned char*, int, int, unsigned char) {{.*}}bytes_char_neighbours.cu:[[#L]]:
// RACE: Location: bytes [7, 8) of a 64-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}bytes_char_neighbours.cu:[[#L]]:{{[0-9]+}} in put(unsigned char*, int, int, unsigned char)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

#ifdef FIXED
#define BYTE7 'a'
#else
#define BYTE7 'b'
#endif

int main() {
  unsigned char *buf;
  CHECK_CUDA(cudaMalloc(&buf, 64));
  CHECK_CUDA(cudaMemset(buf, 0, 64));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

  put<<<1, 32, 0, s1>>>(buf, 0, 8, 'a'); // bytes [0, 8)
  CHECK_LAUNCH();
  settle();
#ifdef FIXED
  put<<<1, 32, 0, s2>>>(buf, 8, 8, 'b'); // bytes [8, 16): disjoint
#else
  put<<<1, 32, 0, s2>>>(buf, 7, 9, 'b'); // bytes [7, 16): byte 7 is shared
#endif
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  unsigned char h[16];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 16; i++)
    ok &= h[i] == (i < 7 ? 'a' : i == 7 ? BYTE7 : 'b');
  return finish(ok);
}
