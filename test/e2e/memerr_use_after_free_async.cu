// cudaFreeAsync on s1 frees a buffer; s2 waits for an event recorded after
// the free and then a kernel on s2 reads the buffer. The read is ordered
// after the free, so it is no race but a use after free: csan reports it at
// the access with the kernel's line, the allocation and the free's line,
// and the read returns 0. (An unordered read is a race with the free:
// free_async_use_after_free.) The fixed twin reads before the free and
// makes the free wait for the reader.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: csan: ERROR: use after free: read of 4 bytes at {{.*}} by kernel consume(float const*, float*) at {{.*}}memerr_use_after_free_async.cu:[[#R:@LINE+7]]
// RACE-NEXT: block (0,0,0), thread ({{[0-9]+}},0,0)
// RACE: inside a 1024-byte freed allocation {{.*}} made by cudaMallocAsync at
// RACE: freed by cudaFreeAsync at {{.*}}memerr_use_after_free_async.cu:[[#@LINE+35]]
// RACE: SUMMARY: csan: use-after-free {{.*}}memerr_use_after_free_async.cu:[[#R]] in consume(float const*, float*)
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
  out[i] = in[i] * 2.0f;
}

__global__ void produce(float *p) { p[threadIdx.x] = (float)threadIdx.x; }

// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|csan: ERROR|data race}}

int main() {
  keep_pool_memory();
  float *buf, *out;
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t freed, filled;
  CHECK_CUDA(cudaEventCreate(&freed));
  CHECK_CUDA(cudaEventCreate(&filled));
  CHECK_CUDA(cudaMalloc(&out, 256));
  CHECK_CUDA(cudaDeviceSynchronize());

  CHECK_CUDA(cudaMallocAsync(&buf, 1024, s1));
  produce<<<1, 64, 0, s1>>>(buf);
  CHECK_LAUNCH();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(filled, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, filled, 0)); // the reader is after produce
  consume<<<1, 64, 0, s2>>>(buf, out);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaEventRecord(freed, s2)); // the free waits for the reader
  CHECK_CUDA(cudaStreamWaitEvent(s1, freed, 0));
  CHECK_CUDA(cudaFreeAsync(buf, s1));
#else
  CHECK_CUDA(cudaFreeAsync(buf, s1));
  CHECK_CUDA(cudaEventRecord(freed, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, freed, 0)); // s2 is after the free
  consume<<<1, 64, 0, s2>>>(buf, out);           // reads freed memory
  CHECK_LAUNCH();
#endif
  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
#ifdef FIXED
    ok &= h[i] == 2.0f * i;
#else
    ok &= h[i] == 0.0f; // every freed read gave 0
#endif
  return finish(ok);
}
