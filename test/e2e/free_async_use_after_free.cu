// cudaFreeAsync on s1 frees a buffer, then a kernel on s2 reads it. s2 is
// ordered after the kernel that filled the buffer but not before the free,
// so the read meets freed bytes (use-after-free). The fixed twin reads
// first and makes the free wait for the reader.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (use-after-free) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}free_async_use_after_free.cu:[[#R:@LINE+1]]
  out[i] = in[i] * 2.0f;
}

__global__ void produce(float *p) { p[threadIdx.x] = (float)threadIdx.x; }

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  keep_pool_memory();
  float *buf, *out;
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t filled, read_done;
  CHECK_CUDA(cudaEventCreate(&filled));
  CHECK_CUDA(cudaEventCreate(&read_done));
  CHECK_CUDA(cudaMalloc(&out, 256));
  CHECK_CUDA(cudaDeviceSynchronize());

  CHECK_CUDA(cudaMallocAsync(&buf, 1024, s1));
  produce<<<1, 64, 0, s1>>>(buf);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaEventRecord(filled, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, filled, 0)); // the reader is ordered after produce
#ifdef FIXED
  consume<<<1, 64, 0, s2>>>(buf, out);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaEventRecord(read_done, s2));
  CHECK_CUDA(cudaStreamWaitEvent(s1, read_done, 0));
  CHECK_CUDA(cudaFreeAsync(buf, s1));
#else
  // RACE: Previous free of size 1024 by cudaFreeAsync on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}free_async_use_after_free.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaFreeAsync(buf, s1));
  settle();
  consume<<<1, 64, 0, s2>>>(buf, out); // reads freed memory
  CHECK_LAUNCH();
#endif
  // RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMallocAsync at:
  // RACE: SUMMARY: csan: data race (use-after-free) {{.*}}free_async_use_after_free.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok);
}
