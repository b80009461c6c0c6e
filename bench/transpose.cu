// transpose: out = in^T for a 4096 x 4096 float matrix through a 32 x 33
// shared-memory tile (padded against bank conflicts): coalesced reads and
// writes, but each warp's writes land in a different row than its reads.
#include "bench.h"

constexpr int kN = 4096, kTile = 32, kRows = 8;

__global__ void transpose(const float *in, float *out) {
  __shared__ float tile[kTile][kTile + 1];
  int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * kN + x];
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += kRows)
    out[(size_t)(y + j) * kN + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  size_t n = (size_t)kN * kN;
  float *in = dev_alloc<float>(n), *out = dev_alloc<float>(n);
  std::vector<float> h(n), got(n);
  for (size_t i = 0; i < n; i++)
    h[i] = (float)(i % 100003);
  CHECK(cudaMemcpy(in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t s = bench_stream();
  CHECK(cudaDeviceSynchronize());

  dim3 block(kTile, kRows), grid(kN / kTile, kN / kTile);
  BenchTimes t = bench_time(s, [&](cudaStream_t st) { transpose<<<grid, block, 0, st>>>(in, out); });
  CHECK(cudaDeviceSynchronize());

  CHECK(cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (size_t y = 0; y < (size_t)kN && ok; y += 7)
    for (size_t x = 0; x < (size_t)kN && ok; x += 5)
      ok = got[y * kN + x] == h[x * kN + y];
  return bench_report("transpose", t, ok);
}
