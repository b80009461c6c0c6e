// A read-only input declared `const __restrict__` (which the GPU may read
// through its non-coherent read-only path) is still read memory that
// csan checks. A kernel on s1 reads it; a kernel on s2 overwrites it with
// nothing ordering them (read-write). The fixed twin orders the writer
// after the reader.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (read-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel overwrite(float*) on stream
__global__ void overwrite(float *p) {
  // RACE-NEXT: #0 overwrite(float*) {{.*}}restrict_input.cu:[[#W:@LINE+1]]
  p[threadIdx.x] = -1.0f;
}

// RACE: Previous read of size 4 by kernel scale(float const*, float*, float) on stream
__global__ void scale(const float *__restrict__ in, float *__restrict__ out, float k) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 scale(float const*, float*, float) {{.*}}restrict_input.cu:[[#@LINE+1]]
  out[i] = k * in[i];
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (read-write) {{.*}}restrict_input.cu:[[#W]]:{{[0-9]+}} in overwrite(float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *in, *out, init[64];
  for (int i = 0; i < 64; i++)
    init[i] = (float)i;
  CHECK_CUDA(cudaMalloc(&in, 256));
  CHECK_CUDA(cudaMalloc(&out, 256));
  CHECK_CUDA(cudaMemcpy(in, init, 256, cudaMemcpyHostToDevice));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t read_done;
  CHECK_CUDA(cudaEventCreate(&read_done));
  CHECK_CUDA(cudaDeviceSynchronize());

  scale<<<1, 64, 0, s1>>>(in, out, 2.0f);
  CHECK_LAUNCH();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(read_done, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, read_done, 0));
#endif
  settle();
  overwrite<<<1, 64, 0, s2>>>(in);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok);
}
