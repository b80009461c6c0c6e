// Several host threads, each with its own non-blocking stream, fill their
// own slice of one buffer at the same time. Slices that do not overlap do
// not race (the fixed twin). In the race build thread 3's slice starts one
// element early, on thread 2's last element: those 4 bytes race
// (write-write). Both launches run the same kernel line, so the report is
// the same whichever thread's kernel csan sees first.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <thread>
#include <vector>

// RACE: WARNING: csan: data race (write-write) on 4 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel fill_slice(float*, int, float) on stream
__global__ void fill_slice(float *p, int first, float v) {
  // RACE-NEXT: #0 fill_slice(float*, int, float) {{.*}}host_threads.cu:[[#L:@LINE+1]]
  p[first + (int)threadIdx.x] = v;
}
// RACE: Previous write of size 4 by kernel fill_slice(float*, int, float) on stream
// RACE-NEXT: #0 fill_slice(float*, int, float) {{.*}}host_threads.cu:[[#L]]:
// RACE: Location: bytes [764, 768) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}host_threads.cu:[[#L]]:{{[0-9]+}} in fill_slice(float*, int, float)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
  CHECK_CUDA(cudaDeviceSynchronize());

  std::vector<std::thread> threads;
  for (int t = 0; t < 4; t++) {
    threads.emplace_back([buf, t] {
      cudaStream_t s = nonblocking_stream();
      int first = 64 * t;
#ifndef FIXED
      if (t == 3)
        first -= 1; // overlaps element 191, thread 2's last
#endif
      fill_slice<<<1, 64, 0, s>>>(buf, first, (float)t);
      CHECK_LAUNCH();
      CHECK_CUDA(cudaStreamSynchronize(s));
      CHECK_CUDA(cudaStreamDestroy(s));
    });
  }
  for (auto &th : threads)
    th.join();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[256];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 256; i++)
    ok &= i == 191 ? (h[i] == 2.0f || h[i] == 3.0f) : h[i] == (float)(i / 64);
  return finish(ok);
}
