// thrust::transform on stream s1 (par_nosync: Thrust does not synchronize
// the stream afterwards) writes `out` while a kernel on s2 reads it,
// unordered (write-read, 1024 bytes). Thrust's kernel (CUB's transform,
// which on sm_90 may load its input with cp.async.bulk) is compiled by csan
// like the program's own. The fixed twin makes s2 wait for an event recorded
// after the transform.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <thrust/execution_policy.h>
#include <thrust/transform.h>

struct twice {
  __host__ __device__ float operator()(float x) const { return 2.0f * x; }
};

// RACE: WARNING: csan: data race (write-read) on 1024 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}thrust_transform_stream.cu:[[#R:@LINE+1]]
  out[i] = in[i] + 1.0f;
}
// RACE: Previous write of size 4 by kernel {{.+}} on stream
// RACE-NEXT: #0 {{.*}}:{{[0-9]+}}
// RACE: Location: bytes [0, 1024) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}thrust_transform_stream.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  const int n = 256;
  float *in, *mid, *out;
  CHECK_CUDA(cudaMalloc(&in, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&mid, n * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, n * sizeof(float)));
  float h_in[n];
  for (int i = 0; i < n; i++)
    h_in[i] = (float)i;
  CHECK_CUDA(cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t transformed;
  CHECK_CUDA(cudaEventCreate(&transformed));
  CHECK_CUDA(cudaDeviceSynchronize());

  thrust::transform(thrust::cuda::par_nosync.on(s1), in, in + n, mid, twice());
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(transformed, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, transformed, 0));
#endif
  settle();
  consume<<<n / 64, 64, 0, s2>>>(mid, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[n];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++)
    ok &= h[i] == 2.0f * i + 1.0f;
  return finish(ok);
}
