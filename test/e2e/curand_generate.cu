// curandGenerateUniform on the generator's stream s1 (curandSetStream)
// writes 256 floats; a kernel on s2 reads them with no ordering
// (write-read). The fixed twin waits for an event.
//
// REQUIRES: cuda-gpu, cuda-lib-curand
// RUN: %csan_clangxx -g -O2 %s -o %t.race -lcurand
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed -lcurand
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <curand.h>

constexpr int N = 256;

// RACE: WARNING: csan: data race (write-read) on 1024 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel in_range(float const*, int*) on stream
__global__ void in_range(const float *r, int *bad) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // RACE-NEXT: #0 in_range(float const*, int*) {{.*}}curand_generate.cu:[[#R:@LINE+1]]
  float v = r[i];
  if (v <= 0.0f || v > 1.0f)
    atomicAdd(bad, 1);
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *r;
  int *bad;
  CHECK_CUDA(cudaMalloc(&r, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&bad, sizeof(int)));
  CHECK_CUDA(cudaMemset(bad, 0, sizeof(int)));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t done;
  CHECK_CUDA(cudaEventCreate(&done));
  curandGenerator_t g;
  if (curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT) != CURAND_STATUS_SUCCESS ||
      curandSetStream(g, s1) != CURAND_STATUS_SUCCESS)
    return 2;
  curandSetPseudoRandomGeneratorSeed(g, 1234);
  CHECK_CUDA(cudaDeviceSynchronize());

  // RACE: Previous write by curandGenerateUniform on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}curand_generate.cu:[[#@LINE+1]]
  curandGenerateUniform(g, r, N);
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(done, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, done, 0));
#endif
  settle();
  in_range<<<N / 64, 64, 0, s2>>>(r, bad);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 1024) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-read) {{.*}}curand_generate.cu:[[#R]]:{{[0-9]+}} in in_range(float const*, int*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  int h_bad = -1;
  CHECK_CUDA(cudaMemcpy(&h_bad, bad, sizeof h_bad, cudaMemcpyDeviceToHost));
  curandDestroyGenerator(g);
  return finish(h_bad == 0);
}
