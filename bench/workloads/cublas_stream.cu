// WORKLOAD: cublas_stream
// PATTERN: a vendor library mixed with the application's own kernels on
// streams, as in most inference code: cublasSgemm bound to stream A with
// cublasSetStream, the application's bias+ReLU kernel on stream B after an
// event, and a cudaMemsetAsync of the output on B beforehand. The library's
// kernels are not compiled by csan (no twins, no checks): only the ordering
// of the application's own launches and copies around them is visible.
// The check recomputes the product on the host.
// FLAGS:
// LINK: -lcublas
#include <cublas_v2.h>

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
#define CB(x)                                                                          \
  do {                                                                                 \
    cublasStatus_t s_ = (x);                                                           \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                 \
      fprintf(stderr, "%s:%d: cuBLAS status %d\n", __FILE__, __LINE__, (int)s_);     \
      exit(1);                                                                         \
    }                                                                                  \
  } while (0)

// y = max(c + bias[row], 0); c is column-major M x N.
__global__ void bias_relu(const float *c, const float *bias, float *y, int m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < m * n)
    y[i] = fmaxf(c[i] + bias[i % m], 0.0f);
}

int main() {
  const int M = 192, N = 160, K = 96;
  std::vector<float> ha(M * K), hb(K * N), hbias(M);
  for (int i = 0; i < M * K; i++)
    ha[i] = (float)((i * 5) % 7 - 3) * 0.5f;
  for (int i = 0; i < K * N; i++)
    hb[i] = (float)((i * 3) % 5 - 2) * 0.25f;
  for (int i = 0; i < M; i++)
    hbias[i] = (float)(i % 4) - 1.5f;
  float *a, *b, *c, *bias, *y;
  CK(cudaMalloc(&a, M * K * sizeof(float)));
  CK(cudaMalloc(&b, K * N * sizeof(float)));
  CK(cudaMalloc(&c, M * N * sizeof(float)));
  CK(cudaMalloc(&bias, M * sizeof(float)));
  CK(cudaMalloc(&y, M * N * sizeof(float)));
  cudaStream_t sa, sb;
  CK(cudaStreamCreateWithFlags(&sa, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&sb, cudaStreamNonBlocking));
  cudaEvent_t gemm_done;
  CK(cudaEventCreateWithFlags(&gemm_done, cudaEventDisableTiming));
  cublasHandle_t h;
  CB(cublasCreate(&h));
  CB(cublasSetStream(h, sa));
  CK(cudaMemcpyAsync(a, ha.data(), M * K * sizeof(float), cudaMemcpyHostToDevice, sa));
  CK(cudaMemcpyAsync(b, hb.data(), K * N * sizeof(float), cudaMemcpyHostToDevice, sa));
  CK(cudaMemcpyAsync(bias, hbias.data(), M * sizeof(float), cudaMemcpyHostToDevice, sb));
  CK(cudaMemsetAsync(y, 0xff, M * N * sizeof(float), sb));
  const float one = 1.0f, zero = 0.0f;
  CB(cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &one, a, M, b, K, &zero, c, M));
  CK(cudaEventRecord(gemm_done, sa));
  CK(cudaStreamWaitEvent(sb, gemm_done, 0));
  bias_relu<<<(M * N + 255) / 256, 256, 0, sb>>>(c, bias, y, M, N);
  std::vector<float> hy(M * N);
  CK(cudaMemcpyAsync(hy.data(), y, M * N * sizeof(float), cudaMemcpyDeviceToHost, sb));
  CK(cudaStreamSynchronize(sb));
  bool ok = true;
  for (int j = 0; j < N && ok; j++)
    for (int i = 0; i < M && ok; i++) {
      double s = 0;
      for (int k = 0; k < K; k++)
        s += (double)ha[k * M + i] * hb[j * K + k];
      ok = std::fabs(hy[j * M + i] - std::fmax(s + hbias[i], 0.0)) < 1e-3;
    }
  CB(cublasDestroy(h));
  for (float *p : {a, b, c, bias, y})
    CK(cudaFree(p));
  puts(ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
