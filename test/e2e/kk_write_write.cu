// Two non-blocking streams run the same kernel on the same buffer with
// nothing ordering them (write-write). The fixed twin makes s2 wait for an
// event recorded on s1 after the first launch.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel fill(float*, float) on stream
__global__ void fill(float *p, float v) {
  // RACE-NEXT: #0 fill(float*, float) {{.*}}kk_write_write.cu:[[#L:@LINE+1]]
  p[threadIdx.x] = v;
}
// RACE: Previous write of size 4 by kernel fill(float*, float) on stream
// RACE-NEXT: #0 fill(float*, float) {{.*}}kk_write_write.cu:[[#L]]:
// RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}kk_write_write.cu:[[#L]]:{{[0-9]+}} in fill(float*, float)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t first_done;
  CHECK_CUDA(cudaEventCreate(&first_done));
  CHECK_CUDA(cudaDeviceSynchronize());

  fill<<<1, 64, 0, s1>>>(buf, 1.0f);
  CHECK_LAUNCH();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(first_done, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, first_done, 0));
#endif
  settle();
  fill<<<1, 64, 0, s2>>>(buf, 2.0f);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f;
  return finish(ok);
}
