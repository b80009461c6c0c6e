// A 2D copy writes only its rows, not the gaps between them. A 1024-byte
// buffer is used as 4 rows with a pitch of 256 bytes; cudaMemcpy2DAsync on
// s1 writes 64 bytes of each row. A kernel on s2 then reads all of row 2
// (bytes [512, 768)): only the copied part [512, 576) races (write-read),
// the rest of the row is a gap the copy never touched. The fixed twin
// makes s2 wait for an event recorded after the copy.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

constexpr size_t kPitch = 256, kWidth = 64, kRows = 4;

// RACE: WARNING: csan: data race (write-read) on 64 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel read_row(float const*, float*) on stream
__global__ void read_row(const float *row, float *out) {
  int i = threadIdx.x;
  // RACE-NEXT: #0 read_row(float const*, float*) {{.*}}memcpy2d.cu:[[#R:@LINE+1]]
  out[i] = row[i];
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  char *buf;
  float *out, *host;
  CHECK_CUDA(cudaMalloc(&buf, kPitch * kRows));
  CHECK_CUDA(cudaMemset(buf, 0, kPitch * kRows));
  CHECK_CUDA(cudaMalloc(&out, 256));
  CHECK_CUDA(cudaMallocHost(&host, kWidth * kRows));
  for (size_t i = 0; i < kWidth * kRows / sizeof(float); i++)
    host[i] = 1.0f + (float)i;
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t copied;
  CHECK_CUDA(cudaEventCreate(&copied));
  CHECK_CUDA(cudaDeviceSynchronize());

  // RACE: Previous write of size {{[0-9]+}} by cudaMemcpy2DAsync on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}memcpy2d.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpy2DAsync(buf, kPitch, host, kWidth, kWidth, kRows, cudaMemcpyHostToDevice, s1));
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(copied, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, copied, 0));
#endif
  settle();
  read_row<<<1, kPitch / sizeof(float), 0, s2>>>(reinterpret_cast<const float *>(buf + 2 * kPitch), out);
  CHECK_LAUNCH();
  // RACE: Location: bytes [512, 576) of a 1024-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-read) {{.*}}memcpy2d.cu:[[#R]]:{{[0-9]+}} in read_row(float const*, float*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[64];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++) // row 2 starts at host element 2 * 16
    ok &= h[i] == (i < 16 ? 1.0f + (float)(32 + i) : 0.0f);
  return finish(ok);
}
