// calls: csan's host-side cost per CUDA call, where a real program spends
// it between kernels. One step is 100 rounds of a small launch (one block,
// each thread updating its own double: no contention, one granule per four
// threads), an 8-byte cudaMemcpyAsync back to the host and a
// cudaStreamSynchronize, the pattern of an iterative solver that reads a
// scalar back every iteration (cg does it 1200 times per solve). The GPU
// time is short; the wall time per step is what csan adds (its launch
// bookkeeping, its drains at each synchronization).
#include "bench.h"

constexpr int kRounds = 100, kThreads = 64;

__global__ void bump(double *v) { v[threadIdx.x] += 1.0; }

int main() {
  double *v = dev_alloc<double>(kThreads);
  CHECK(cudaMemset(v, 0, kThreads * sizeof(double)));
  double *h;
  CHECK(cudaMallocHost(&h, sizeof(double)));
  cudaStream_t s = bench_stream();
  CHECK(cudaDeviceSynchronize());
  int steps = 0;
  BenchTimes t = bench_time(s, [&](cudaStream_t st) {
    for (int i = 0; i < kRounds; i++) {
      bump<<<1, kThreads, 0, st>>>(v);
      CHECK(cudaMemcpyAsync(h, v, sizeof(double), cudaMemcpyDeviceToHost, st));
      CHECK(cudaStreamSynchronize(st));
    }
    steps++;
  });
  CHECK(cudaDeviceSynchronize());
  std::vector<double> back(kThreads);
  CHECK(cudaMemcpy(back.data(), v, kThreads * sizeof(double), cudaMemcpyDeviceToHost));
  bool ok = *h == (double)(steps * kRounds);
  for (int i = 0; i < kThreads; i++)
    ok = ok && back[i] == (double)(steps * kRounds);
  CHECK(cudaFreeHost(h));
  return bench_report("calls", t, ok);
}
