// The racing access is inside a device function the kernel calls: the
// report's frame names the device function and its line, and the access is
// attributed to the launch of the kernel. A kernel on s2 writes through
// store_scaled() into the buffer a kernel on s1 wrote (write-write). The
// fixed twin orders the streams with an event.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

// RACE: WARNING: csan: data race (write-write) on 256 bytes at
// RACE-NEXT: Write of size 4 at {{.*}} by kernel scale(float*, float) on stream
__device__ __noinline__ void store_scaled(float *dst, int i, float k) {
  // RACE-NEXT: #0 store_scaled(float*, int, float) {{.*}}device_function.cu:[[#W:@LINE+1]]
  dst[i] = k * (float)i;
}

__global__ void scale(float *p, float k) { store_scaled(p, threadIdx.x, k); }

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}device_function.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
// RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-write) {{.*}}device_function.cu:[[#W]]:{{[0-9]+}} in store_scaled(float*, int, float)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf;
  CHECK_CUDA(cudaMalloc(&buf, 1024));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t written;
  CHECK_CUDA(cudaEventCreate(&written));
  CHECK_CUDA(cudaDeviceSynchronize());

  produce<<<1, 64, 0, s1>>>(buf);
  CHECK_LAUNCH();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(written, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, written, 0));
#endif
  settle();
  scale<<<1, 64, 0, s2>>>(buf, 3.0f);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, buf, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 3.0f * i;
  return finish(ok);
}
