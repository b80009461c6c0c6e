// WORKLOAD: thrust_stream
// PATTERN: Thrust algorithms (transform, reduce, sort_by_key) run on a
// non-default stream through the execution policy thrust::cuda::par.on(s),
// on memory from cudaMallocAsync wrapped in thrust::device_ptr, the way
// application code mixes Thrust with its own stream-ordered kernels. Two
// streams: one prepares the keys, the other waits on an event and runs the
// Thrust pipeline. The check compares the sorted keys and the sum with the
// host.
// FLAGS: -isystem $CUDA/include/cccl
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/functional.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

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

// Scrambled keys: a multiplicative hash of the index, so the sort has work.
__global__ void make_keys(unsigned *keys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    keys[i] = (unsigned)i * 2654435761u % 1000003u;
}

struct axpb {
  float a, b;
  __host__ __device__ float operator()(float x) const { return a * x + b; }
};

int main() {
  const int n = 1 << 20;
  cudaStream_t prep, work;
  CK(cudaStreamCreateWithFlags(&prep, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&work, cudaStreamNonBlocking));
  cudaEvent_t keys_ready;
  CK(cudaEventCreateWithFlags(&keys_ready, cudaEventDisableTiming));

  unsigned *keys;
  float *x, *y;
  CK(cudaMallocAsync(&keys, n * sizeof(unsigned), prep));
  CK(cudaMallocAsync(&x, n * sizeof(float), work));
  CK(cudaMallocAsync(&y, n * sizeof(float), work));

  make_keys<<<(n + 255) / 256, 256, 0, prep>>>(keys, n);
  CK(cudaEventRecord(keys_ready, prep));

  auto pol = thrust::cuda::par.on(work);
  thrust::device_ptr<unsigned> k(keys);
  thrust::device_ptr<float> px(x), py(y);
  thrust::sequence(pol, px, px + n, 0.0f);                    // x = 0, 1, 2, ...
  thrust::transform(pol, px, px + n, py, axpb{0.5f, 1.0f});   // y = x/2 + 1
  double sum = thrust::reduce(pol, py, py + n, 0.0, thrust::plus<double>());
  CK(cudaStreamWaitEvent(work, keys_ready, 0));
  thrust::sort_by_key(pol, k, k + n, py);                     // y follows its key

  std::vector<unsigned> hk(n);
  std::vector<float> hy(n);
  CK(cudaMemcpyAsync(hk.data(), keys, n * sizeof(unsigned), cudaMemcpyDeviceToHost, work));
  CK(cudaMemcpyAsync(hy.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost, work));
  CK(cudaStreamSynchronize(work));

  double want = 0;
  for (int i = 0; i < n; i++)
    want += 0.5 * i + 1.0;
  bool ok = std::fabs(sum - want) / want < 1e-9;
  for (int i = 1; i < n && ok; i++)
    ok = hk[i - 1] <= hk[i];
  // Each y carries its own key: y = i/2 + 1 where key = hash(i).
  for (int j = 0; j < n && ok; j += 4099) {
    unsigned i = (unsigned)((hy[j] - 1.0f) * 2.0f);
    ok = i < (unsigned)n && (unsigned)i * 2654435761u % 1000003u == hk[j];
  }
  CK(cudaFreeAsync(keys, work));
  CK(cudaFreeAsync(x, work));
  CK(cudaFreeAsync(y, work));
  CK(cudaStreamSynchronize(work));
  puts(ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
