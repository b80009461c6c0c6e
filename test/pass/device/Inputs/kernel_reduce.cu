// Realistic kernel for csan's measurements and tests: a sum reduction with a
// grid-stride loop, shared memory, warp shuffles and one atomic per block.
__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}

__global__ void reduce_sum(const float *in, int n, float *total) {
  __shared__ float partial[32];
  float v = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    v += in[i];
  v = warp_sum(v);
  if (threadIdx.x % 32 == 0)
    partial[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {
    v = threadIdx.x < blockDim.x / 32 ? partial[threadIdx.x] : 0.0f;
    v = warp_sum(v);
    if (threadIdx.x == 0)
      atomicAdd(total, v);
  }
}

// Normalize in place by the total: reads the total once per thread.
__global__ void normalize(float *data, int n, const float *total) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = data[i] / *total;
}
