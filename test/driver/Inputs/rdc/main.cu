// -fgpu-rdc, second translation unit: the device function, the variable and
// main.
#include <cstdio>

#include <cuda_runtime.h>

__device__ int counter[4];
__device__ void bump(int *p, int i) { p[i] += 1; }

void launch_work(int *p, cudaStream_t s);

int main() {
  int *p;
  cudaStream_t s1, s2;
  cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  cudaMalloc(&p, 32 * sizeof(int));
  cudaMemset(p, 0, 32 * sizeof(int));
  cudaDeviceSynchronize();
  launch_work(p, s1);
  launch_work(p, s2);
  cudaDeviceSynchronize();
  int c[4];
  cudaMemcpyFromSymbol(c, counter, sizeof c);
  std::printf("counter[0] = %d\n", c[0]);
  return 0;
}
