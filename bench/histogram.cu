// histogram: 256-bin histogram of 64 MiB of bytes. Each block builds a
// private histogram in shared memory, then adds it to the global one with
// atomicAdd: global traffic is 1-byte reads plus a few contended atomics.
#include "bench.h"

constexpr size_t kN = 64u << 20;
constexpr int kBins = 256;

__global__ void histogram(const unsigned char *data, size_t n, unsigned *bins) {
  __shared__ unsigned local[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    atomicAdd(&bins[b], local[b]);
}

int main() {
  unsigned char *data = dev_alloc<unsigned char>(kN);
  unsigned *bins = dev_alloc<unsigned>(kBins);
  std::vector<unsigned char> h(kN);
  std::vector<unsigned> want(kBins, 0);
  unsigned r = 7;
  for (size_t i = 0; i < kN; i++) {
    h[i] = (unsigned char)(bench_rand(r) & 0xff);
    want[h[i]]++;
  }
  CHECK(cudaMemcpy(data, h.data(), kN, cudaMemcpyHostToDevice));
  cudaStream_t s = bench_stream();
  CHECK(cudaDeviceSynchronize());

  BenchTimes t = bench_time(s, [&](cudaStream_t st) {
    CHECK(cudaMemsetAsync(bins, 0, kBins * sizeof(unsigned), st));
    histogram<<<512, 256, 0, st>>>(data, kN, bins);
  });
  CHECK(cudaDeviceSynchronize());

  std::vector<unsigned> got(kBins);
  CHECK(cudaMemcpy(got.data(), bins, kBins * sizeof(unsigned), cudaMemcpyDeviceToHost));
  return bench_report("histogram", t, got == want);
}
