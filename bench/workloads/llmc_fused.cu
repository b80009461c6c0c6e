// WORKLOAD: llmc_fused
// PATTERN: the fused transformer kernels of small from-scratch trainers
// (llm.c style): a 128-bit packed vector type (Packed128<T>) moved with
// plain, __ldcs (streaming) loads and st.global.cs (__stcs) stores, templated over the
// element type, one warp per row with __shfl_xor_sync reductions. Kernels:
// residual add fused with LayerNorm (out = residual + x, then normalized,
// with per-row mean/rstd saved for the backward), a row softmax with a
// running max, and GELU. Two streams: the softmax of attention scores runs
// beside the residual+LayerNorm and GELU chain; the check recomputes
// everything on the host.
// FLAGS:
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                                          \
  do {                                                                                 \
    cudaError_t e_ = (x);                                                              \
    if (e_ != cudaSuccess) {                                                           \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));     \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

// clang 22 has __ldcs but no __stcs (CUDA declares it in sm_32_intrinsics.h,
// which clang's CUDA wrapper does not include); the same PTX CUDA uses.
__device__ __forceinline__ void stcs(float *p, float v) {
  asm volatile("st.global.cs.f32 [%0], %1;" :: "l"(p), "f"(v) : "memory");
}
__device__ __forceinline__ void stcs(float4 *p, float4 v) {
  asm volatile("st.global.cs.v4.f32 [%0], {%1, %2, %3, %4};"
               :: "l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");
}

template <class T> struct alignas(16) Packed128 {
  static constexpr int size = 16 / sizeof(T);
  T v[size];
  __device__ T &operator[](int i) { return v[i]; }
  __device__ const T &operator[](int i) const { return v[i]; }
  __device__ static Packed128 zeros() {
    Packed128 p;
    for (int i = 0; i < size; i++)
      p.v[i] = T(0);
    return p;
  }
};
template <class T> __device__ Packed128<T> load128(const T *p) {
  return *reinterpret_cast<const Packed128<T> *>(p);
}
template <class T> __device__ Packed128<T> load128cs(const T *p) {
  float4 f = __ldcs(reinterpret_cast<const float4 *>(p));
  return *reinterpret_cast<Packed128<T> *>(&f);
}
template <class T> __device__ void store128(T *p, Packed128<T> x) {
  *reinterpret_cast<Packed128<T> *>(p) = x;
}
template <class T> __device__ void store128cs(T *p, Packed128<T> x) {
  stcs(reinterpret_cast<float4 *>(p), *reinterpret_cast<float4 *>(&x));
}

__device__ __forceinline__ float warp_sum(float x) {
  for (int o = 16; o > 0; o >>= 1)
    x += __shfl_xor_sync(0xffffffffu, x, o);
  return x;
}
__device__ __forceinline__ float warp_max(float x) {
  for (int o = 16; o > 0; o >>= 1)
    x = fmaxf(x, __shfl_xor_sync(0xffffffffu, x, o));
  return x;
}

// One warp per row of C elements: res = inp1 + inp2; out = LN(res) * w + b.
template <class T, int C>
__global__ void fused_residual_layernorm(T *res, T *out, float *mean, float *rstd, const T *inp1,
                                         const T *inp2, const T *w, const T *b, int rows) {
  constexpr int P = Packed128<T>::size;
  static_assert(C % (32 * P) == 0, "row must split into whole packets per lane");
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x % 32;
  if (row >= rows)
    return;
  size_t off = (size_t)row * C;
  Packed128<T> r[C / (32 * P)];
  float s = 0;
  for (int k = 0; k < C / (32 * P); k++) {
    int c = (k * 32 + lane) * P;
    Packed128<T> a = load128cs(inp1 + off + c), bb = load128cs(inp2 + off + c);
    for (int j = 0; j < P; j++) {
      r[k][j] = a[j] + bb[j];
      s += (float)r[k][j];
    }
    store128(res + off + c, r[k]);
  }
  float m = warp_sum(s) / C, v = 0;
  for (int k = 0; k < C / (32 * P); k++)
    for (int j = 0; j < P; j++)
      v += ((float)r[k][j] - m) * ((float)r[k][j] - m);
  float rs = rsqrtf(warp_sum(v) / C + 1e-5f);
  for (int k = 0; k < C / (32 * P); k++) {
    int c = (k * 32 + lane) * P;
    Packed128<T> wp = load128(w + c), bp = load128(b + c), o;
    for (int j = 0; j < P; j++)
      o[j] = (T)(((float)r[k][j] - m) * rs * (float)wp[j] + (float)bp[j]);
    store128cs(out + off + c, o);
  }
  if (lane == 0) {
    stcs(mean + row, m);
    stcs(rstd + row, rs);
  }
}

// One warp per row: out = softmax(inp * scale), online max and sum.
template <class T>
__global__ void softmax_rows(T *out, const T *inp, float scale, int rows, int cols) {
  int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32, lane = threadIdx.x % 32;
  if (row >= rows)
    return;
  const T *x = inp + (size_t)row * cols;
  float mx = -INFINITY, sum = 0;
  for (int c = lane; c < cols; c += 32) {
    float v = (float)x[c] * scale, nm = fmaxf(mx, v);
    sum = sum * __expf(mx - nm) + __expf(v - nm);
    mx = nm;
  }
  float gm = warp_max(mx);
  sum = warp_sum(sum * __expf(mx - gm));
  for (int c = lane; c < cols; c += 32)
    stcs(out + (size_t)row * cols + c, (T)(__expf((float)__ldcs(x + c) * scale - gm) / sum));
}

template <class T> __global__ void gelu(T *out, const T *inp, int n) {
  constexpr int P = Packed128<T>::size;
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * P;
  if (i >= n)
    return;
  Packed128<T> x = load128cs(inp + i), y;
  for (int j = 0; j < P; j++) {
    float v = (float)x[j];
    y[j] = (T)(0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v))));
  }
  store128(out + i, y);
}

int main() {
  constexpr int B = 64, C = 256, L = 128;  // rows, channels, attention length
  std::vector<float> h1(B * C), h2(B * C), hw(C), hb(C), hatt(B * L);
  for (int i = 0; i < B * C; i++) {
    h1[i] = sinf(0.01f * i);
    h2[i] = cosf(0.013f * i);
  }
  for (int c = 0; c < C; c++) {
    hw[c] = 1.0f + 0.001f * c;
    hb[c] = 0.01f * (c % 7);
  }
  for (int i = 0; i < B * L; i++)
    hatt[i] = (float)((i * 37) % 29) - 14.0f;
  float *in1, *in2, *w, *b, *res, *ln, *mean, *rstd, *act, *att, *prob;
  size_t bc = B * C * sizeof(float), bl = B * L * sizeof(float);
  CK(cudaMalloc(&in1, bc)); CK(cudaMalloc(&in2, bc)); CK(cudaMalloc(&res, bc));
  CK(cudaMalloc(&ln, bc)); CK(cudaMalloc(&act, bc));
  CK(cudaMalloc(&w, C * 4)); CK(cudaMalloc(&b, C * 4));
  CK(cudaMalloc(&mean, B * 4)); CK(cudaMalloc(&rstd, B * 4));
  CK(cudaMalloc(&att, bl)); CK(cudaMalloc(&prob, bl));
  cudaStream_t main_s, side_s;
  CK(cudaStreamCreateWithFlags(&main_s, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&side_s, cudaStreamNonBlocking));
  CK(cudaMemcpyAsync(in1, h1.data(), bc, cudaMemcpyHostToDevice, main_s));
  CK(cudaMemcpyAsync(in2, h2.data(), bc, cudaMemcpyHostToDevice, main_s));
  CK(cudaMemcpyAsync(w, hw.data(), C * 4, cudaMemcpyHostToDevice, main_s));
  CK(cudaMemcpyAsync(b, hb.data(), C * 4, cudaMemcpyHostToDevice, main_s));
  CK(cudaMemcpyAsync(att, hatt.data(), bl, cudaMemcpyHostToDevice, side_s));
  fused_residual_layernorm<float, C><<<B / 4, 128, 0, main_s>>>(res, ln, mean, rstd, in1, in2, w, b, B);
  gelu<float><<<B * C / 4 / 128, 128, 0, main_s>>>(act, ln, B * C);
  softmax_rows<float><<<B / 4, 128, 0, side_s>>>(prob, att, 0.125f, B, L);
  std::vector<float> hres(B * C), hact(B * C), hprob(B * L), hmean(B);
  CK(cudaMemcpyAsync(hres.data(), res, bc, cudaMemcpyDeviceToHost, main_s));
  CK(cudaMemcpyAsync(hact.data(), act, bc, cudaMemcpyDeviceToHost, main_s));
  CK(cudaMemcpyAsync(hmean.data(), mean, B * 4, cudaMemcpyDeviceToHost, main_s));
  CK(cudaMemcpyAsync(hprob.data(), prob, bl, cudaMemcpyDeviceToHost, side_s));
  CK(cudaDeviceSynchronize());
  bool ok = true;
  for (int r = 0; r < B && ok; r++) {
    double m = 0, v = 0;
    for (int c = 0; c < C; c++)
      m += h1[r * C + c] + h2[r * C + c];
    m /= C;
    for (int c = 0; c < C; c++) {
      double d = h1[r * C + c] + h2[r * C + c] - m;
      v += d * d;
    }
    double rs = 1 / std::sqrt(v / C + 1e-5);
    ok = std::fabs(hmean[r] - m) < 1e-4;
    for (int c = 0; c < C && ok; c++) {
      double x = (h1[r * C + c] + h2[r * C + c] - m) * rs * hw[c] + hb[c];
      double g = 0.5 * x * (1 + std::tanh(0.7978845608 * (x + 0.044715 * x * x * x)));
      ok = std::fabs(hres[r * C + c] - (h1[r * C + c] + h2[r * C + c])) < 1e-6 &&
           std::fabs(hact[r * C + c] - g) < 1e-3;
    }
    double mx = -1e30, s = 0;
    for (int c = 0; c < L; c++)
      mx = std::fmax(mx, hatt[r * L + c] * 0.125);
    for (int c = 0; c < L; c++)
      s += std::exp(hatt[r * L + c] * 0.125 - mx);
    for (int c = 0; c < L && ok; c++)
      ok = std::fabs(hprob[r * L + c] - std::exp(hatt[r * L + c] * 0.125 - mx) / s) < 1e-4;
  }
  for (float *p : {in1, in2, w, b, res, ln, mean, rstd, act, att, prob})
    CK(cudaFree(p));
  puts(ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
