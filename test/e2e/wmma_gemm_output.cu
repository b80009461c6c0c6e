// A WMMA GEMM tile on stream s1 stores C (16x16 floats in the left half of
// a 16x32 matrix, ldc = 32) while a kernel on s2 reads C's first row,
// unordered. Fragment stores are checked row by row, so exactly the bytes
// the tile writes race: [0, 64) of row 0 (write-read, 64 bytes), not the
// right half [64, 128) that the reader also reads and no bounding range of
// the tile would have spared. The fixed twin waits for an event.
//
// REQUIRES: cuda-gpu
// RUN: %csan_clangxx -g -O2 %s -o %t.race
// RUN: %csan_clangxx -g -O2 -DFIXED %s -o %t.fixed
// RUN: %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED
#include "Inputs/e2e.h"

#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

// RACE: WARNING: csan: data race (write-read) on 64 bytes at
// RACE-NEXT: Read of size 4 at {{.*}} by kernel read_row(float const*, float*) on stream
__global__ void read_row(const float *c, float *out) {
  // RACE-NEXT: #0 read_row(float const*, float*) {{.*}}wmma_gemm_output.cu:[[#R:@LINE+1]]
  out[threadIdx.x] = c[threadIdx.x] + 1.0f;
}

// RACE: Previous write {{(of size [0-9]+ )?}}by kernel gemm(__half const*, __half const*, float*) on stream
__global__ void gemm(const __half *a, const __half *b, float *c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(acc, fa, fb, acc);
  // RACE-NEXT: #0 gemm(__half const*, __half const*, float*) {{.*}}wmma_gemm_output.cu:[[#@LINE+1]]
  wmma::store_matrix_sync(c, acc, 32, wmma::mem_row_major);
}
// RACE: Location: bytes [0, 64) of a 2048-byte allocation at {{.*}} made by cudaMalloc at:
// RACE: SUMMARY: csan: data race (write-read) {{.*}}wmma_gemm_output.cu:[[#R]]:{{[0-9]+}} in read_row(float const*, float*)
// RACE: csan: reported 1 data race(s)

// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}
// FIXED: e2e: result ok
// FIXED-NOT: {{WARNING: csan|csan: WARNING|data race}}

int main() {
  __half *a, *b;
  float *c, *out;
  CHECK_CUDA(cudaMalloc(&a, 256 * sizeof(__half)));
  CHECK_CUDA(cudaMalloc(&b, 256 * sizeof(__half)));
  CHECK_CUDA(cudaMalloc(&c, 16 * 32 * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&out, 32 * sizeof(float)));
  __half ones[256];
  for (int i = 0; i < 256; i++)
    ones[i] = __float2half(1.0f);
  CHECK_CUDA(cudaMemcpy(a, ones, sizeof ones, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(b, ones, sizeof ones, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(c, 0, 16 * 32 * sizeof(float)));
  cudaStream_t s1 = nonblocking_stream(), s2 = nonblocking_stream();
  cudaEvent_t stored;
  CHECK_CUDA(cudaEventCreate(&stored));
  CHECK_CUDA(cudaDeviceSynchronize());

  gemm<<<1, 32, 0, s1>>>(a, b, c);
  CHECK_LAUNCH();
#ifdef FIXED
  CHECK_CUDA(cudaEventRecord(stored, s1));
  CHECK_CUDA(cudaStreamWaitEvent(s2, stored, 0));
#endif
  settle();
  read_row<<<1, 32, 0, s2>>>(c, out);
  CHECK_LAUNCH();

  CHECK_CUDA(cudaDeviceSynchronize());
  float h[32];
  CHECK_CUDA(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 32; i++)
    ok &= h[i] == (i < 16 ? 17.0f : 1.0f);
  return finish(ok);
}
