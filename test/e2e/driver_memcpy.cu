// The driver's copies are checked like the runtime's: cuMemcpyHtoDAsync
// on stream s1 writes 256 bytes of the buffer; a kernel on s2 reads them
// with no ordering (write-read, the copy named with its line). The fixed
// twin waits for the copy with cuStreamSynchronize.
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
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}driver_memcpy.cu:[[#R:@LINE+1]]
  out[i] = in[i] + 1.0f;
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *host;
  CUdeviceptr buf;
  float *out;
  CHECK_CUDA(cudaFree(0));
  if (cuMemAlloc(&buf, 1024) != CUDA_SUCCESS)
    return 2;
  CHECK_CUDA(cudaMalloc(&out, 1024));
  CHECK_CUDA(cudaMallocHost(&host, 256));
  for (int i = 0; i < 64; i++)
    host[i] = (float)i;
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  CHECK_CUDA(cudaDeviceSynchronize());

  // RACE: Previous write of size 256 by cuMemcpyHtoDAsync on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}driver_memcpy.cu:[[#@LINE+1]]
  cuMemcpyHtoDAsync(buf, host, 256, reinterpret_cast<CUstream>(s1));
#ifdef FIXED
  cuStreamSynchronize(reinterpret_cast<CUstream>(s1));
#endif
  settle();
  consume<<<1, 64, 0, s2>>>(reinterpret_cast<const float *>(buf), out);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 256) of a 1024-byte allocation at {{.*}} made by cuMemAlloc at:
  // RACE: SUMMARY: csan: data race (write-read) {{.*}}driver_memcpy.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  cuMemFree(buf);
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == i + 1.0f;
  return finish(ok);
}
