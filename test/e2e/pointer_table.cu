// Pointers reached through device memory, not kernel arguments: a kernel
// on s2 writes through a table of pointers stored in global memory. In the
// race build the entry it uses points into the buffer a kernel on s1 wrote,
// with nothing ordering them (write-write); in the fixed twin it points to
// a second buffer.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel via_table(float* const*, int) on stream
__global__ void via_table(float *const *table, int which) {
  float *dst = table[which]; // loaded from global memory
  // RACE-NEXT: #0 via_table(float* const*, int) {{.*}}pointer_table.cu:[[#W:@LINE+1]]
  dst[threadIdx.x] = 7.0f;
}

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}pointer_table.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
// RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}pointer_table.cu:[[#W]]:{{[0-9]+}} in via_table(float* const*, int)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *a, *b, **table;
  CHECK_CUDA(cudaMalloc(&a, 1024));
  CHECK_CUDA(cudaMalloc(&b, 1024));
  CHECK_CUDA(cudaMalloc(&table, 2 * sizeof(float *)));
  float *entries[2] = {a, b};
  CHECK_CUDA(cudaMemcpy(table, entries, sizeof entries, cudaMemcpyHostToDevice));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

  produce<<<1, 64, 0, s1>>>(a);
  CHECK_LAUNCH();
  settle();
#ifdef FIXED
  via_table<<<1, 64, 0, s2>>>(table, 1); // b
#else
  via_table<<<1, 64, 0, s2>>>(table, 0); // a: the buffer produce wrote
#endif
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
#ifdef FIXED
  CHECK_CUDA(cudaMemcpy(h, b, sizeof h, cudaMemcpyDeviceToHost));
#else
  CHECK_CUDA(cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost));
#endif
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 7.0f;
  return finish(ok);
}
