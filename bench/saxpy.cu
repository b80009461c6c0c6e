// saxpy: streaming, memory bound. y = a * x + y over 16M floats, one
// element per thread, grid-stride loop. The shape csan's fast path is built
// for: every access touches a fresh granule once per launch.
#include "bench.h"

constexpr size_t kN = 16u << 20;

__global__ void saxpy(size_t n, float a, const float *x, float *y) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x)
    y[i] = a * x[i] + y[i];
}

int main() {
  float *x = dev_alloc<float>(kN), *y = dev_alloc<float>(kN);
  std::vector<float> hx(kN), hy(kN);
  for (size_t i = 0; i < kN; i++) {
    hx[i] = (float)(i % 1024) * 0.5f;
    hy[i] = 1.0f;
  }
  CHECK(cudaMemcpy(x, hx.data(), kN * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(y, hy.data(), kN * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t s = bench_stream();
  CHECK(cudaDeviceSynchronize());

  int runs = 0;
  BenchTimes t = bench_time(s, [&](cudaStream_t st) {
    saxpy<<<1024, 256, 0, st>>>(kN, 2.0f, x, y);
    runs++;
  });
  CHECK(cudaDeviceSynchronize());

  CHECK(cudaMemcpy(hy.data(), y, kN * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (size_t i = 0; i < kN && ok; i += 997)
    ok = hy[i] == 1.0f + (float)runs * 2.0f * hx[i];
  return bench_report("saxpy", t, ok);
}
