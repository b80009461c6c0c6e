// stencil2d: one Jacobi sweep of a 5-point stencil on a 4096 x 4096 grid
// (ping-pong buffers), 2D blocks of 32 x 8. Each input element is read by
// up to five threads of neighbouring warps: many reads per granule.
#include "bench.h"

constexpr int kW = 4096, kH = 4096;

__global__ void jacobi(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= kW || y >= kH)
    return;
  size_t i = (size_t)y * kW + x;
  if (x == 0 || y == 0 || x == kW - 1 || y == kH - 1) {
    out[i] = in[i]; // fixed boundary
    return;
  }
  out[i] = 0.25f * (in[i - 1] + in[i + 1] + in[i - kW] + in[i + kW]);
}

static float init_value(int x, int y) { return (float)((x * 3 + y * 7) % 64); }

int main() {
  size_t n = (size_t)kW * kH;
  float *a = dev_alloc<float>(n), *b = dev_alloc<float>(n);
  std::vector<float> h(n);
  for (int y = 0; y < kH; y++)
    for (int x = 0; x < kW; x++)
      h[(size_t)y * kW + x] = init_value(x, y);
  CHECK(cudaMemcpy(a, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t s = bench_stream();
  CHECK(cudaDeviceSynchronize());

  dim3 block(32, 8), grid(kW / 32, kH / 8);
  // Each step reads a and writes b: the result after any number of steps is
  // one sweep of the initial grid, which the check recomputes.
  BenchTimes t = bench_time(s, [&](cudaStream_t st) { jacobi<<<grid, block, 0, st>>>(a, b); });
  CHECK(cudaDeviceSynchronize());

  std::vector<float> out(n);
  CHECK(cudaMemcpy(out.data(), b, n * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int y = 0; y < kH && ok; y += 31)
    for (int x = 0; x < kW && ok; x += 29) {
      float want = (x == 0 || y == 0 || x == kW - 1 || y == kH - 1)
                       ? init_value(x, y)
                       : 0.25f * (init_value(x - 1, y) + init_value(x + 1, y) +
                                  init_value(x, y - 1) + init_value(x, y + 1));
      ok = out[(size_t)y * kW + x] == want;
    }
  return bench_report("stencil2d", t, ok);
}
