// cp.async staging: a kernel on s2 copies its input into shared memory with
// __pipeline_memcpy_async (inline PTX cp.async.cg.shared.global in CUDA's
// header), while a kernel on s1 writes that input, unordered (write-read,
// 1024 bytes). The asynchronous copy's global read is checked, 16 bytes per
// thread, at the line that issues it. The fixed twin waits for an event.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <cuda_pipeline.h>

// RACE: WARNING: csan: data race (write-read) on 1024 bytes at
// RACE-NEXT: Read of size 16 at {{.*}} by kernel stage(float4 const*, float4*) on stream
__global__ void stage(const float4 *in, float4 *out) {
  __shared__ float4 tile[64];
  // RACE-NEXT: #0 stage(float4 const*, float4*) {{.*}}cp_async_staging.cu:[[#R:@LINE+1]]
  __pipeline_memcpy_async(&tile[threadIdx.x], &in[threadIdx.x], sizeof(float4));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[threadIdx.x] = tile[63 - threadIdx.x];
}

// RACE: Previous write of size 16 by kernel produce(float4*) on stream
__global__ void produce(float4 *p) {
  float x = (float)threadIdx.x;
  // RACE-NEXT: #0 produce(float4*) {{.*}}cp_async_staging.cu:[[#@LINE+1]]
  p[threadIdx.x] = make_float4(x, x, x, x);
}
// RACE: Location: bytes [0, 1024) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}cp_async_staging.cu:[[#R]]:{{[0-9]+}} in stage(float4 const*, float4*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float4 *in, *out;
  CHECK_CUDA(cudaMalloc(&in, 64 * sizeof(float4)));
  CHECK_CUDA(cudaMalloc(&out, 64 * sizeof(float4)));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t written;
  CHECK_CUDA(cudaEventCreate(&written));
  CHECK_CUDA(cudaDeviceSynchronize());

  produce<<<1, 64, 0, s1>>>(in);
  CHECK_LAUNCH();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(written, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, written, 0));
#endif
  settle();
  stage<<<1, 64, 0, s2>>>(in, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float4 h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i].x == 63 - i && h[i].w == 63 - i;
  return finish(ok);
}
