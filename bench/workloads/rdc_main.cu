// WORKLOAD: rdc_main
// PATTERN: separate compilation of device code (-fgpu-rdc, nvcc -rdc=true),
// as in large CUDA code bases split into libraries: the device functions
// (a bounds-checked gather-accumulate that writes global memory through a
// pointer, and a device-side counter in a __device__ variable) live in
// rdc_lib.cu, the kernels calling them live here; both files are compiled
// with -c -fgpu-rdc and linked with --offload-link (the device link step).
// Two streams; the second waits for the first with an event. The check
// compares with the host.
// FLAGS: -fgpu-rdc
// SOURCES: rdc_main.cu rdc_lib.cu
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

// Defined in rdc_lib.cu.
extern __device__ unsigned long long g_visits;
__device__ void gather_add(float *dst, const float *src, const int *idx, int i, int n_src);
__device__ float weighted(const float *v, int i, float w);

__global__ void gather_kernel(float *dst, const float *src, const int *idx, int n, int n_src) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    gather_add(dst, src, idx, i, n_src);
}

__global__ void weight_kernel(const float *v, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = weighted(v, i, 0.5f);
}

__global__ void read_visits(unsigned long long *out) { *out = g_visits; }

int main() {
  const int n = 1 << 16, n_src = 1000;
  std::vector<float> hsrc(n_src), hdst(n, 1.0f);
  std::vector<int> hidx(n);
  for (int i = 0; i < n_src; i++)
    hsrc[i] = (float)i;
  for (int i = 0; i < n; i++)
    hidx[i] = (i * 31) % (n_src + 7);  // some out of range: skipped by gather_add
  float *src, *dst, *out;
  int *idx;
  unsigned long long *visits;
  CK(cudaMalloc(&src, n_src * sizeof(float)));
  CK(cudaMalloc(&dst, n * sizeof(float)));
  CK(cudaMalloc(&out, n * sizeof(float)));
  CK(cudaMalloc(&idx, n * sizeof(int)));
  CK(cudaMalloc(&visits, sizeof(unsigned long long)));
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t ev;
  CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  CK(cudaMemcpyAsync(src, hsrc.data(), n_src * sizeof(float), cudaMemcpyHostToDevice, s1));
  CK(cudaMemcpyAsync(dst, hdst.data(), n * sizeof(float), cudaMemcpyHostToDevice, s1));
  CK(cudaMemcpyAsync(idx, hidx.data(), n * sizeof(int), cudaMemcpyHostToDevice, s1));
  gather_kernel<<<n / 256, 256, 0, s1>>>(dst, src, idx, n, n_src);
  CK(cudaEventRecord(ev, s1));
  CK(cudaStreamWaitEvent(s2, ev, 0));
  weight_kernel<<<n / 256, 256, 0, s2>>>(dst, out, n);
  read_visits<<<1, 1, 0, s2>>>(visits);
  std::vector<float> hout(n);
  unsigned long long hv = 0;
  CK(cudaMemcpyAsync(hout.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CK(cudaMemcpyAsync(&hv, visits, sizeof hv, cudaMemcpyDeviceToHost, s2));
  CK(cudaStreamSynchronize(s2));
  bool ok = true;
  unsigned long long want_visits = 0;
  for (int i = 0; i < n && ok; i++) {
    float d = 1.0f + (hidx[i] < n_src ? hsrc[hidx[i]] : 0.0f);
    want_visits += hidx[i] < n_src;
    ok = hout[i] == d * 0.5f + (float)(i % 3);
  }
  ok = ok && hv == want_visits;
  for (void *p : {(void *)src, (void *)dst, (void *)out, (void *)idx, (void *)visits})
    CK(cudaFree(p));
  puts(ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
