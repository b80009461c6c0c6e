// matmul: C = A * B for 1024 x 1024 floats, tiled through shared memory
// (32 x 32 tiles). Global reads are reused from shared memory, so global
// accesses per flop are few: csan's cost is mostly per-tile loads.
#include "bench.h"

constexpr int kN = 1024, kT = 32;

__global__ void matmul(const float *A, const float *B, float *C) {
  __shared__ float As[kT][kT], Bs[kT][kT];
  int row = blockIdx.y * kT + threadIdx.y, col = blockIdx.x * kT + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < kN / kT; t++) {
    As[threadIdx.y][threadIdx.x] = A[row * kN + t * kT + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * kT + threadIdx.y) * kN + col];
    __syncthreads();
    for (int k = 0; k < kT; k++)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * kN + col] = acc;
}

int main() {
  size_t n = (size_t)kN * kN;
  float *A = dev_alloc<float>(n), *B = dev_alloc<float>(n), *C = dev_alloc<float>(n);
  std::vector<float> hA(n), hB(n), hC(n);
  for (size_t i = 0; i < n; i++) {
    hA[i] = (float)(i % 7) - 3.0f; // small integers: exact sums in float
    hB[i] = (float)(i % 5) - 2.0f;
  }
  CHECK(cudaMemcpy(A, hA.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(B, hB.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t s = bench_stream();
  CHECK(cudaDeviceSynchronize());

  dim3 block(kT, kT), grid(kN / kT, kN / kT);
  BenchTimes t = bench_time(s, [&](cudaStream_t st) { matmul<<<grid, block, 0, st>>>(A, B, C); });
  CHECK(cudaDeviceSynchronize());

  CHECK(cudaMemcpy(hC.data(), C, n * sizeof(float), cudaMemcpyDeviceToHost));
  bool ok = true;
  unsigned r = 12345;
  for (int k = 0; k < 256 && ok; k++) {
    int i = bench_rand(r) % kN, j = bench_rand(r) % kN;
    float want = 0;
    for (int m = 0; m < kN; m++)
      want += hA[(size_t)i * kN + m] * hB[(size_t)m * kN + j];
    ok = hC[(size_t)i * kN + j] == want;
  }
  return bench_report("matmul", t, ok);
}
