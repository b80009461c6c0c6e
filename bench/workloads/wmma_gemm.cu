// WORKLOAD: wmma_gemm
// PATTERN: a tensor-core GEMM written with nvcuda::wmma, as in hand-written
// mixed-precision layers: half A (row-major) and B (column-major), float
// accumulators, each warp computing one 16x16 tile of C with
// load_matrix_sync straight from global memory, mma_sync over K, and
// store_matrix_sync to global memory, then an epilogue kernel on a second
// stream (ordered by an event) that applies alpha/beta with a bias. The
// check recomputes C on the host.
// FLAGS:
#include <mma.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
#include <vector>

#define CK(x)                                                                          \
  do {                                                                                 \
    cudaError_t e_ = (x);                                                              \
    if (e_ != cudaSuccess) {                                                           \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));     \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

using namespace nvcuda;
constexpr int M = 256, N = 256, K = 128, T = 16;

// One warp per 16x16 output tile; blockDim = (32, 4): four warps per block.
__global__ void wmma_gemm(const half *a, const half *b, float *c) {
  int warp_m = blockIdx.x * 4 + threadIdx.y;  // tile row
  int warp_n = blockIdx.y;                    // tile column
  if (warp_m * T >= M)
    return;
  wmma::fragment<wmma::matrix_a, T, T, T, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, T, T, T, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, T, T, T, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += T) {
    wmma::load_matrix_sync(fa, a + warp_m * T * K + k, K);   // A is M x K row-major
    wmma::load_matrix_sync(fb, b + warp_n * T * K + k, K);   // B is K x N col-major
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + warp_m * T * N + warp_n * T, acc, N, wmma::mem_row_major);
}

__global__ void epilogue(const float *c, const float *bias, float *d, float alpha, float beta) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < M * N)
    d[i] = alpha * c[i] + beta * bias[i % N];
}

int main() {
  std::vector<half> ha(M * K), hb(K * N);
  std::vector<float> fa(M * K), fb(K * N), hbias(N);
  for (int i = 0; i < M * K; i++) {
    fa[i] = (float)((i * 7) % 11 - 5) / 8.0f;  // exact in half
    ha[i] = __float2half(fa[i]);
  }
  for (int i = 0; i < K * N; i++) {
    fb[i] = (float)((i * 3) % 9 - 4) / 4.0f;
    hb[i] = __float2half(fb[i]);
  }
  for (int j = 0; j < N; j++)
    hbias[j] = (float)j;
  half *a, *b;
  float *c, *d, *bias;
  CK(cudaMalloc(&a, M * K * sizeof(half)));
  CK(cudaMalloc(&b, K * N * sizeof(half)));
  CK(cudaMalloc(&c, M * N * sizeof(float)));
  CK(cudaMalloc(&d, M * N * sizeof(float)));
  CK(cudaMalloc(&bias, N * sizeof(float)));
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t gemm_done;
  CK(cudaEventCreateWithFlags(&gemm_done, cudaEventDisableTiming));
  CK(cudaMemcpyAsync(a, ha.data(), M * K * sizeof(half), cudaMemcpyHostToDevice, s1));
  CK(cudaMemcpyAsync(b, hb.data(), K * N * sizeof(half), cudaMemcpyHostToDevice, s1));
  CK(cudaMemcpyAsync(bias, hbias.data(), N * sizeof(float), cudaMemcpyHostToDevice, s2));
  wmma_gemm<<<dim3(M / T / 4, N / T), dim3(32, 4), 0, s1>>>(a, b, c);
  CK(cudaEventRecord(gemm_done, s1));
  CK(cudaStreamWaitEvent(s2, gemm_done, 0));
  epilogue<<<(M * N + 255) / 256, 256, 0, s2>>>(c, bias, d, 2.0f, 0.5f);
  std::vector<float> hd(M * N);
  CK(cudaMemcpyAsync(hd.data(), d, M * N * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CK(cudaStreamSynchronize(s2));
  bool ok = true;
  for (int i = 0; i < M && ok; i++)
    for (int j = 0; j < N && ok; j++) {
      double acc = 0;
      for (int k = 0; k < K; k++)
        acc += (double)fa[i * K + k] * fb[j * K + k];
      double want = 2.0 * acc + 0.5 * hbias[j];
      ok = std::fabs(hd[i * N + j] - want) < 1e-3;
    }
  for (void *p : {(void *)a, (void *)b, (void *)c, (void *)d, (void *)bias})
    CK(cudaFree(p));
  puts(ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
