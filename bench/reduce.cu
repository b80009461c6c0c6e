// reduce: a two-level sum of 16M floats: each block reduces its grid-stride
// share in shared memory (a tree with __syncthreads), then one atomicAdd
// per block (in double, so the sum is exact and the check can be too).
// Reads dominate; the single result word is an atomic hot spot.
#include "bench.h"

constexpr size_t kN = 16u << 20;
constexpr int kBlock = 256, kGrid = 1024;

__global__ void block_sum(const float *in, size_t n, double *result) {
  __shared__ float part[kBlock];
  float acc = 0.0f;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    acc += in[i];
  part[threadIdx.x] = acc;
  __syncthreads();
  for (int s = kBlock / 2; s > 0; s /= 2) {
    if ((int)threadIdx.x < s)
      part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(result, (double)part[0]);
}

int main() {
  float *in = dev_alloc<float>(kN);
  double *result = dev_alloc<double>(1);
  std::vector<float> h(kN);
  double want = 0;
  for (size_t i = 0; i < kN; i++) {
    h[i] = (float)(i % 17) * 0.25f; // quarters: every partial sum is exact
    want += h[i];
  }
  CHECK(cudaMemcpy(in, h.data(), kN * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t s = bench_stream();
  CHECK(cudaDeviceSynchronize());

  BenchTimes t = bench_time(s, [&](cudaStream_t st) {
    CHECK(cudaMemsetAsync(result, 0, sizeof(double), st));
    block_sum<<<kGrid, kBlock, 0, st>>>(in, kN, result);
  });
  CHECK(cudaDeviceSynchronize());

  double got;
  CHECK(cudaMemcpy(&got, result, sizeof got, cudaMemcpyDeviceToHost));
  bool ok = got == want;
  if (!ok)
    fprintf(stderr, "reduce: got %f, want %f\n", got, want);
  return bench_report("reduce", t, ok);
}
