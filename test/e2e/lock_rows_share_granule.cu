// Two lanes of one warp, one granule lock (csan's own range kernel). A 2-D
// copy whose pitch (12 bytes) is not a multiple of the 16-byte granule puts
// neighbouring rows into one granule, and csan's range kernel hands
// neighbouring rows to neighbouring lanes: they must not wait on each
// other's lock (they merge into one update). 4096 rows of 4 bytes are
// copied on s1 while a kernel on s2 reads the whole buffer: every copied
// byte races (write-read), the gaps between rows do not, and the run ends.
// The fixed twin makes s2 wait for an event recorded after the copy.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

constexpr size_t kPitch = 12, kWidth = 4, kRows = 4096;
constexpr size_t kInts = kPitch * kRows / sizeof(int);

// RACE: WARNING: csan: data race (write-read) on 49144 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel read_all(int const*, int*) on stream
__global__ void read_all(const int *in, int *out) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < kInts)
    // RACE-NEXT: #0 read_all(int const*, int*) {{.*}}lock_rows_share_granule.cu:[[#R:@LINE+1]]
    out[i] = in[i];
}

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  int *buf, *out, *host;
  CHECK_CUDA(cudaMalloc(&buf, kPitch * kRows));
  CHECK_CUDA(cudaMemset(buf, 0, kPitch * kRows));
  CHECK_CUDA(cudaMalloc(&out, kPitch * kRows));
  CHECK_CUDA(cudaMallocHost(&host, kWidth * kRows));
  for (size_t r = 0; r < kRows; r++)
    host[r] = (int)r + 1;
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t copied;
  CHECK_CUDA(cudaEventCreate(&copied));
  CHECK_CUDA(cudaDeviceSynchronize());

  // RACE: Previous write of size {{[0-9]+}} by cudaMemcpy2DAsync on stream
  // RACE: issued at:
  // RACE-NEXT: #0 {{.*}}in main {{.*}}lock_rows_share_granule.cu:[[#@LINE+1]]
  CHECK_CUDA(cudaMemcpy2DAsync(buf, kPitch, host, kWidth, kWidth, kRows, cudaMemcpyHostToDevice, s1));
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(copied, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, copied, 0));
#endif
  settle();
  read_all<<<(kInts + 255) / 256, 256, 0, s2>>>(buf, out);
  CHECK_LAUNCH();
  // RACE: Location: bytes [0, 49144) of a 49152-byte allocation at {{.*}} made by cudaMalloc at:
  // RACE: SUMMARY: csan: data race (write-read) {{.*}}lock_rows_share_granule.cu:[[#R]]:{{[0-9]+}} in read_all(int const*, int*)
  // RACE: csan: reported 1 data race(s)

  CHECK_CUDA(cudaDeviceSynchronize());
  int *h = (int *)malloc(kPitch * kRows);
  CHECK_CUDA(cudaMemcpy(h, out, kPitch * kRows, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (size_t r = 0; r < kRows; r++)
    for (size_t k = 0; k < kPitch / sizeof(int); k++)
      ok &= h[r * 3 + k] == (k == 0 ? (int)r + 1 : 0);
  free(h);
  return finish(ok);
}
