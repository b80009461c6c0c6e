// Pack test (Inputs/pack.h): a race between two API operations, which
// csan checks with its own range kernels, so it is found the same way on a
// GPU and against the fake CUDA runtime. cudaMemsetAsync on s2 clears part
// of a buffer that cudaMemcpyAsync on s1 is still writing (write-write);
// both frames are host call sites, named with or without llvm-symbolizer.
// A kernel with no CPU body runs too (an empty kernel under the fake): it
// proves that a compiled program's launches reach its instrumented twin.
// The fixed twin makes s2 wait for an event recorded after the copy.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 -I%csan_src/test/fake -I%csan_src/rt_device %s -o %t.race
// RUN: %csan_clangxx -g -O2 -I%csan_src/test/fake -I%csan_src/rt_device -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/pack.h"

__global__ void bump(int *p) { p[threadIdx.x] += 1; }

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  unsigned char *buf, *src;
  int *counts;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
  CHECK_CUDA(cudaMalloc(&counts, 64 * sizeof(int)));
  CHECK_CUDA(cudaMallocHost(&src, 1024));
  for (int i = 0; i < 1024; i++)
    src[i] = (unsigned char)(i % 251 + 1);
  CHECK_CUDA(cudaMemset(counts, 0, 64 * sizeof(int)));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t copied;
  CHECK_CUDA(cudaEventCreate(&copied));
  CHECK_CUDA(cudaDeviceSynchronize());

  bump<<<1, 64, 0, s1>>>(counts);
  CHECK_LAUNCH();
  // The copy (step 0) is issued before the set (step 1), but the set is
  // written first: the checks read in the order the report prints.
  for (int step = 0; step < 2; step++) {
    if (step == 1) {
      // RACE: WARNING: csan: data race (write-write) on 256 bytes at
      // RACE-NEXT: Write of size 256 at {{.*}} by cudaMemsetAsync on stream
      // RACE: issued at:
      // RACE-NEXT: #0 {{.*}}in main {{.*}}api_copy_set.cu:[[#S:@LINE+1]]
      CHECK_CUDA(cudaMemsetAsync(buf + 256, 0, 256, s2));
      continue;
    }
    // RACE: Previous write of size 1024 by cudaMemcpyAsync on stream
    // RACE: issued at:
    // RACE-NEXT: #0 {{.*}}in main {{.*}}api_copy_set.cu:[[#@LINE+1]]
    CHECK_CUDA(cudaMemcpyAsync(buf, src, 1024, cudaMemcpyHostToDevice, s1));
#ifdef FIXED
    CHECK_CUDA(cudaEventRecord(copied, s1));
    CHECK_CUDA(cudaStreamWaitEvent(s2, copied, 0));
#endif
    settle();
  }
  // RACE: Location: bytes [256, 512) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-write) {{.*}}api_copy_set.cu:[[#S]]:{{[0-9]+}} in main
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  unsigned char h[1024];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 1024; i++)
    ok &= h[i] == (i >= 256 && i < 512 ? 0 : src[i]);
  return finish(ok);
}
