// Realistic kernel for csan's measurements and tests: one Jacobi step of a
// 2D 5-point stencil on an nx x ny grid, boundary cells copied.
__global__ void jacobi_step(float *__restrict__ out, const float *__restrict__ in, int nx, int ny,
                            float w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny)
    return;
  int i = y * nx + x;
  if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
    out[i] = in[i];
    return;
  }
  float c = in[i];
  float s = in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx];
  out[i] = (1.0f - w) * c + w * 0.25f * s;
}

// Residual: max |out - in| per block, folded into one value with atomics.
__global__ void residual(const float *out, const float *in, int n, unsigned *max_bits) {
  __shared__ float block_max[32];
  float m = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    m = fmaxf(m, fabsf(out[i] - in[i]));
  for (int o = 16; o > 0; o /= 2)
    m = fmaxf(m, __shfl_down_sync(0xffffffffu, m, o));
  if (threadIdx.x % 32 == 0)
    block_max[threadIdx.x / 32] = m;
  __syncthreads();
  if (threadIdx.x == 0) {
    float b = 0.0f;
    for (int w = 0; w < blockDim.x / 32; ++w)
      b = fmaxf(b, block_max[w]);
    atomicMax(max_bits, __float_as_uint(b));
  }
}
