// gather_scatter: irregular addresses. out[perm[i]] = in[idx[i]] * 2 over
// 8M elements, with idx random and perm a random permutation: every access
// to in and out lands on an unpredictable granule, so neither the hardware
// caches nor csan's per-warp merging of accesses help.
#include "bench.h"

constexpr size_t kN = 8u << 20;

__global__ void gather_scatter(const float *in, const unsigned *idx, const unsigned *perm,
                               float *out, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    out[perm[i]] = in[idx[i]] * 2.0f;
}

int main() {
  float *in = dev_alloc<float>(kN), *out = dev_alloc<float>(kN);
  unsigned *idx = dev_alloc<unsigned>(kN), *perm = dev_alloc<unsigned>(kN);
  std::vector<float> hin(kN), hout(kN);
  std::vector<unsigned> hidx(kN), hperm(kN);
  unsigned r = 99;
  for (size_t i = 0; i < kN; i++) {
    hin[i] = (float)(i % 4099);
    hidx[i] = bench_rand(r) % kN;
    hperm[i] = (unsigned)i;
  }
  for (size_t i = kN - 1; i > 0; i--) // Fisher-Yates
    std::swap(hperm[i], hperm[bench_rand(r) % (i + 1)]);
  CHECK(cudaMemcpy(in, hin.data(), kN * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(idx, hidx.data(), kN * sizeof(unsigned), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(perm, hperm.data(), kN * sizeof(unsigned), cudaMemcpyHostToDevice));
  cudaStream_t s = bench_stream();
  CHECK(cudaDeviceSynchronize());

  BenchTimes t = bench_time(s, [&](cudaStream_t st) {
    gather_scatter<<<1024, 256, 0, st>>>(in, idx, perm, out, kN);
  });
  CHECK(cudaDeviceSynchronize());

  CHECK(cudaMemcpy(hout.data(), out, kN * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (size_t i = 0; i < kN && ok; i += 101)
    ok = hout[hperm[i]] == hin[hidx[i]] * 2.0f;
  return bench_report("gather_scatter", t, ok);
}
