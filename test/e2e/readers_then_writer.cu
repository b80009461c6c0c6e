// Every unordered reader must be remembered, not only the last one. Two
// kernels read a buffer on different streams: reader_b on s2 first, then
// reader_a on s1. A writer on s3 waits for s1 only, so it is ordered after
// reader_a but not after reader_b: the write races with reader_b's read
// (read-write), even though reader_a's read came later. The fixed twin
// makes s3 wait for both readers.
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
  // RACE-NEXT: #0 overwrite(float*) {{.*}}readers_then_writer.cu:[[#W:@LINE+1]]
  p[threadIdx.x] = -1.0f;
}

// RACE: Previous read of size 4 by kernel reader_b(float const*, float*) on stream
__global__ void reader_b(const float *in, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 reader_b(float const*, float*) {{.*}}readers_then_writer.cu:[[#@LINE+1]]
  out[i] = in[i] + 2.0f;
}
// RACE: Location: bytes [0, 256) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (read-write) {{.*}}readers_then_writer.cu:[[#W]]:{{[0-9]+}} in overwrite(float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

__global__ void reader_a(const float *in, float *out) {
  int i = threadIdx.x;
  out[i] = in[i] + 1.0f;
}

int main() {
  float *in, *out_a, *out_b, init[64];
  for (int i = 0; i < 64; i++)
    init[i] = (float)i;
  CHECK_CUDA(cudaMalloc(&in, 256));
  CHECK_CUDA(cudaMalloc(&out_a, 256));
  CHECK_CUDA(cudaMalloc(&out_b, 256));
  CHECK_CUDA(cudaMemcpy(in, init, 256, cudaMemcpyHostToDevice));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream(), s3 = nonblocking_stream();
  cudaEvent_t a_done, b_done;
  CHECK_CUDA(cudaEventCreate(&a_done));
  CHECK_CUDA(cudaEventCreate(&b_done));
  CHECK_CUDA(cudaDeviceSynchronize());

  reader_b<<<1, 64, 0, s2>>>(in, out_b);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaEventRecord(b_done, s2));
  settle(); // reader_b's read is recorded before reader_a's
  reader_a<<<1, 64, 0, s1>>>(in, out_a);
  CHECK_LAUNCH();
  CHECK_CUDA(cudaEventRecord(a_done, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s3, a_done, 0));
#ifdef FIXED
  CHECK_CUDA(cudaStreamWaitEvent(s3, b_done, 0));
#endif
  settle();
  overwrite<<<1, 64, 0, s3>>>(in);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float ha[64], hb[64];
  CHECK_CUDA(cudaMemcpy(ha, out_a, sizeof ha, cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(hb, out_b, sizeof hb, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++)
    ok &= ha[i] == i + 1.0f && hb[i] == i + 2.0f;
  return finish(ok);
}
