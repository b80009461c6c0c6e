// The legacy default stream against a created stream. A kernel on the
// legacy stream writes; a kernel on stream s reads. A non-blocking stream
// takes no part in the legacy stream's implicit barrier, so that is a race
// (write-read). The fixed twin creates s as a blocking stream, whose later
// work waits for earlier legacy-stream work: ordered, nothing to report.
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
  // RACE-NEXT: #0 consume(float const*, float*) {{.*}}legacy_then_stream.cu:[[#R:@LINE+1]]
  out[i] = in[i] * 2.0f;
}

// RACE: Previous write of size 4 by kernel produce(float*) on stream
__global__ void produce(float *p) {
  // RACE-NEXT: #0 produce(float*) {{.*}}legacy_then_stream.cu:[[#@LINE+1]]
  p[threadIdx.x] = (float)threadIdx.x;
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}legacy_then_stream.cu:[[#R]]:{{[0-9]+}} in consume(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  float *buf, *out;
  CHECK_CUDA(cudaMalloc(&buf, 256));
  CHECK_CUDA(cudaMalloc(&out, 256));
#ifdef FIXED
  cudaStream_t s = blocking_stream();
#else
  cudaStream_t s = nonblocking_stream();
#endif
  CHECK_CUDA(cudaDeviceSynchronize());

  produce<<<1, 64>>>(buf); // legacy default stream
  CHECK_LAUNCH();
  settle();
  consume<<<1, 64, 0, s>>>(buf, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= h[i] == 2.0f * i;
  return finish(ok);
}
