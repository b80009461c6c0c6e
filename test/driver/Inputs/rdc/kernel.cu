// -fgpu-rdc, first translation unit: a kernel that calls a device function
// and uses a __device__ variable of the other translation unit.
#include <cuda_runtime.h>

extern __device__ int counter[4];
__device__ void bump(int *p, int i);

__global__ void work(int *p) {
  bump(p, threadIdx.x);
  counter[threadIdx.x % 4] += 1;
}

void launch_work(int *p, cudaStream_t s) { work<<<1, 32, 0, s>>>(p); }
