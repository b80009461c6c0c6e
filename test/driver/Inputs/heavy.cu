// A kernel that keeps many values live: its registers are well above the
// 32 csan caps twins at.
__global__ void heavy(const float *in, float *out) {
  float v[96];
#pragma unroll
  for (int i = 0; i < 96; i++)
    v[i] = in[threadIdx.x + i * 1024];
  float s = 0;
#pragma unroll
  for (int i = 0; i < 96; i++)
    s += v[i] * v[(i * 37) % 96];
  out[threadIdx.x] = s;
}
