// Realistic kernel for csan's measurements and tests: a shared-memory tiled
// SGEMM C = alpha * A * B + beta * C (row-major, M x K times K x N), and a
// matrix transpose through a padded shared tile.
#define TILE 16

__global__ void sgemm_tiled(int m, int n, int k, float alpha, const float *a, const float *b,
                            float beta, float *c) {
  __shared__ float as[TILE][TILE];
  __shared__ float bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (k + TILE - 1) / TILE; ++t) {
    int ak = t * TILE + threadIdx.x, bk = t * TILE + threadIdx.y;
    as[threadIdx.y][threadIdx.x] = row < m && ak < k ? a[row * k + ak] : 0.0f;
    bs[threadIdx.y][threadIdx.x] = bk < k && col < n ? b[bk * n + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TILE; ++j)
      acc += as[threadIdx.y][j] * bs[j][threadIdx.x];
    __syncthreads();
  }
  if (row < m && col < n)
    c[row * n + col] = alpha * acc + beta * c[row * n + col];
}

__global__ void transpose(float *out, const float *in, int w, int h) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  if (x < w && y < h)
    tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < h && y < w)
    out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

// y[row] accumulated in a loop: the optimizer keeps it in a register unless
// y may alias a, which it may here.
__global__ void gemv_accumulate(int m, int n, const float *a, const float *x, float *y) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= m)
    return;
  for (int j = 0; j < n; ++j)
    y[row] += a[row * n + j] * x[j];
}
