// Realistic kernel for csan's measurements and tests: a 256-bin histogram
// with per-block shared bins and a grid-stride loop, then a prefix-sum of the
// bins by one block and a scatter of the input by bin.
__global__ void histogram(const unsigned char *in, int n, unsigned *bins) {
  __shared__ unsigned local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[in[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x)
    if (local[b])
      atomicAdd(&bins[b], local[b]);
}

__global__ void exclusive_scan_256(const unsigned *bins, unsigned *offsets) {
  __shared__ unsigned s[256];
  int t = threadIdx.x;
  s[t] = bins[t];
  __syncthreads();
  for (int d = 1; d < 256; d *= 2) {
    unsigned v = t >= d ? s[t - d] : 0;
    __syncthreads();
    s[t] += v;
    __syncthreads();
  }
  offsets[t] = t ? s[t - 1] : 0;
}

__global__ void scatter_by_bin(const unsigned char *in, int n, unsigned *cursor, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned slot = atomicAdd(&cursor[in[i]], 1u);
    out[slot] = i;
  }
}
