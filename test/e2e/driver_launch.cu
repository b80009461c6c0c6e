// A kernel of the program launched through the driver API: cuLaunchKernel
// of the CUfunction cudaGetFuncBySymbol gives. csan launches its
// instrumented twin as for a <<<>>> launch, so its write races with a kernel
// on another stream that reads the buffer with no ordering (write-read,
// both device lines). The fixed twin orders them with the driver's
// cuEventRecord and cuStreamWaitEvent.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race -lcuda
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed -lcuda
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <cuda.h>

// RACE: WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel consume(float const*, float*) on stream
__global__ void consume(const float *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}driver_launch.cu:[[#R:@LINE+1]]
  out[i] = in[i] + 1.0f;
}

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}driver_launch.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
// RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}driver_launch.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
  CHECK_CUDA(cudaMalloc(&out, 1024));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  CUfunction f;
  CHECK_CUDA(cudaGetFuncBySymbol(reinterpret_cast<cudaFunction_t *>(&f), reinterpret_cast<const void *>(produce)));
  CUevent written;
  if (cuEventCreate(&written, 0) != CUDA_SUCCESS)
    return 2;
  CHECK_CUDA(cudaDeviceSynchronize());

  void *args[] = {&buf};
  if (cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, reinterpret_cast<CUstream>(s1), args, nullptr) != CUDA_SUCCESS)
    return 2;
#ifdef FIXED
  cuEventRecord(written, reinterpret_cast<CUstream>(s1));
  cuStreamWaitEvent(reinterpret_cast<CUstream>(s2), written, 0);
#endif
  settle();
  consume<<<1, 64, 0, s2>>>(buf, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == i + 1.0f;
  return finish(ok);
}
