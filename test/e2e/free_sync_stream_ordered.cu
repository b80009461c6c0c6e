// cudaFree of memory from cudaMallocAsync does not synchronize (CUDA's
// documentation of cudaFree says so; for other memory it may). Freeing a
// buffer that a kernel on s still reads, with nothing ordering the free
// after the read, is a use-after-free reported by the free. The fixed twin
// synchronizes s before cudaFree.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

__global__ void consume(const float *in, float *out); // defined after main

__global__ void produce(float *p) { p[threadIdx.x] = (float)threadIdx.x; }

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  keep_pool_memory();
  float *buf, *out;
  cudaStream_t s = nonblocking_stream();
  CHECK_CUDA(cudaMalloc(&out, 256));
  CHECK_CUDA(cudaMallocAsync(&buf, 1024, s));
  produce<<<1, 64, 0, s>>>(buf);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaDeviceSynchronize());

  consume<<<1, 64, 0, s>>>(buf, out);
  CHECK_LAUNCH();
#ifdef FIXED
  CHECK_CUDA(cudaStreamSynchronize(s));
#endif
  settle();
  // RACE: WARNING: csan: data race (use-after-free) on 256 bytes at
  // RACE-NEXT: Free of size 1024 at {{.*}} by cudaFree{{( on .*)?}}:
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}free_sync_stream_ordered.cu:[[#F:@LINE+1]]
  CHECK_CUDA(cudaFree(buf));

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok);
}

// RACE: Previous read of size 4 by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}free_sync_stream_ordered.cu:[[#@LINE+1]]
  out[i] = in[i] * 2.0f;
}
// RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMallocAsync at:
// RACE: SUMMARY: csan: data race (use-after-free) {{.*}}free_sync_stream_ordered.cu:[[#F]]{{[: ]}}
// RACE: csan: reported 1 data race(s)
