// WORKLOAD: large_param
// PATTERN: a kernel taking a large struct by value, close to the 32,764-byte
// kernel parameter limit that CUDA 12.1 raised from 4,096 bytes on Volta
// and newer (as in NVIDIA's LargeKernelParameter sample): lookup tables and
// per-launch coefficient sets passed without a cudaMemcpyToSymbol. Here a
// 32,720-byte table of polynomial coefficients plus two pointers (32,736
// bytes of parameters) is evaluated over a vector on a non-default stream,
// then a small kernel on another stream, after an event, reduces it. The
// check compares with the host.
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

constexpr int kPolys = 1022, kDegree = 8;  // 1022 * 8 floats = 32,704 bytes
struct PolyTable {
  float coef[kPolys][kDegree];
  int polys;
  int degree;
  float scale;
  int pad;
};
static_assert(sizeof(PolyTable) == 32720, "near-limit parameter");

// y[i] = poly_{i % polys}(x[i] * scale), Horner.
__global__ void eval_polys(const PolyTable table, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float *c = table.coef[i % table.polys];
  float t = x[i] * table.scale, acc = 0;
  for (int d = table.degree - 1; d >= 0; d--)
    acc = acc * t + c[d];
  y[i] = acc;
}

__global__ void block_sums(const float *y, float *sums, int n) {
  __shared__ float part[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  part[threadIdx.x] = i < n ? y[i] : 0.0f;
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if ((int)threadIdx.x < s)
      part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    sums[blockIdx.x] = part[0];
}

int main() {
  const int n = 1 << 16, blocks = n / 256;
  PolyTable *tab = new PolyTable;
  tab->polys = kPolys;
  tab->degree = kDegree;
  tab->scale = 0.5f;
  for (int p = 0; p < kPolys; p++)
    for (int d = 0; d < kDegree; d++)
      tab->coef[p][d] = (float)((p + d) % 5 - 2) * 0.25f;
  std::vector<float> hx(n);
  for (int i = 0; i < n; i++)
    hx[i] = (float)(i % 9 - 4) * 0.25f;
  float *x, *y, *sums;
  CK(cudaMalloc(&x, n * sizeof(float)));
  CK(cudaMalloc(&y, n * sizeof(float)));
  CK(cudaMalloc(&sums, blocks * sizeof(float)));
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t ev;
  CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  CK(cudaMemcpyAsync(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice, s1));
  eval_polys<<<blocks, 256, 0, s1>>>(*tab, x, y, n);
  CK(cudaGetLastError());
  CK(cudaEventRecord(ev, s1));
  CK(cudaStreamWaitEvent(s2, ev, 0));
  block_sums<<<blocks, 256, 0, s2>>>(y, sums, n);
  std::vector<float> hy(n), hs(blocks);
  CK(cudaMemcpyAsync(hy.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CK(cudaMemcpyAsync(hs.data(), sums, blocks * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CK(cudaStreamSynchronize(s2));
  bool ok = true;
  for (int b = 0; b < blocks && ok; b++) {
    double s = 0;
    for (int j = 0; j < 256 && ok; j++) {
      int i = b * 256 + j;
      const float *c = tab->coef[i % kPolys];
      float t = hx[i] * 0.5f, acc = 0;
      for (int d = kDegree - 1; d >= 0; d--)
        acc = acc * t + c[d];
      ok = std::fabs(hy[i] - acc) < 1e-5f;
      s += acc;
    }
    ok = ok && std::fabs(hs[b] - s) < 1e-3;
  }
  delete tab;
  for (float *p : {x, y, sums})
    CK(cudaFree(p));
  puts(ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
