// Programmatic dependent launch: consume is launched with programmatic
// stream serialization right after produce on the same stream, so it may
// begin before produce ends; only what it does after
// cudaGridDependencySynchronize() is ordered after produce. Its read of
// produce's output before that call is a race (write-read); the fixed twin
// reads after the call. (Needs sm_90; csan's twin of consume takes two
// contexts, the one after the wait ordered after produce.)
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
#ifdef FIXED
  cudaGridDependencySynchronize();
  float v = in[i];
#else
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}pdl_read_before_wait.cu:[[#R:@LINE+1]]
  float v = in[i];
  cudaGridDependencySynchronize();
#endif
  out[i] = v + 1.0f;
}

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}pdl_read_before_wait.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
// RACE: SUMMARY: csan: data race (write-read) {{.*}}pdl_read_before_wait.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
  CHECK_CUDA(cudaMalloc(&out, 1024));
  cudaStream_t s = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

  produce<<<1, 64, 0, s>>>(buf);
  CHECK_LAUNCH();
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(1);
  cfg.blockDim = dim3(64);
  cfg.stream = s;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  CHECK_CUDA(cudaLaunchKernelEx(&cfg, consume, (const float *)buf, out));

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == i + 1.0f;
  return finish(ok);
}
