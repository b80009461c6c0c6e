// PART-OF: rdc_main.cu
// Device functions for the rdc_main workload, compiled separately with
// -fgpu-rdc and resolved by the device link.
__device__ unsigned long long g_visits = 0;

// dst[i] += src[idx[i]] when idx[i] is in range; counts the gathers.
__device__ void gather_add(float *dst, const float *src, const int *idx, int i, int n_src) {
  int j = idx[i];
  if (j >= 0 && j < n_src) {
    dst[i] += src[j];
    atomicAdd(&g_visits, 1ull);
  }
}

__device__ float weighted(const float *v, int i, float w) { return v[i] * w + (float)(i % 3); }
