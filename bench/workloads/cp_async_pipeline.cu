// WORKLOAD: cp_async_pipeline
// PATTERN: multi-stage shared-memory staging with asynchronous copies
// (cp.async), the load pipeline of modern GEMM/attention/stencil kernels.
// Kernel 1 uses libcu++'s cuda::pipeline (block scope, 4 stages,
// cuda::memcpy_async of whole tiles by the block, producer/consumer
// acquire/commit/wait/release) for a 3-point stencil across each tile;
// kernel 2 uses the __pipeline_memcpy_async / __pipeline_commit /
// __pipeline_wait_prior primitives with 16-byte copies, double buffered.
// Two streams, the second waits for the first; the check uses the host.
// FLAGS: -isystem $CUDA/include/cccl
#include <cooperative_groups.h>
#include <cuda/pipeline>
#include <cuda_pipeline.h>

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

namespace cg = cooperative_groups;
constexpr int kThreads = 256, kTile = 1024, kStages = 4;

// out[t*kTile + j] = in[j-1] + 2 in[j] + in[j+1] within each tile (edges clamp).
__global__ void stencil_pipelined(const float *in, float *out, int tiles) {
  __shared__ alignas(16) float buf[kStages][kTile];
  // Raw storage: clang rejects a __shared__ variable with a non-trivial
  // constructor (nvcc accepts it); make_pipeline initializes the state.
  using State = cuda::pipeline_shared_state<cuda::thread_scope_block, kStages>;
  __shared__ alignas(State) unsigned char state_raw[sizeof(State)];
  cg::thread_block block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, reinterpret_cast<State *>(state_raw));
  // Tiles of this block: blockIdx.x, blockIdx.x + gridDim.x, ...
  int mine = (tiles - (int)blockIdx.x + (int)gridDim.x - 1) / (int)gridDim.x;
  int fetched = 0;
  for (int k = 0; k < mine; k++) {
    for (; fetched < mine && fetched < k + kStages; fetched++) {
      int t = blockIdx.x + fetched * gridDim.x;
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[fetched % kStages], in + (size_t)t * kTile,
                         cuda::aligned_size_t<16>(kTile * sizeof(float)), pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    const float *s = buf[k % kStages];
    int t = blockIdx.x + k * gridDim.x;
    for (int j = threadIdx.x; j < kTile; j += kThreads) {
      float l = s[j > 0 ? j - 1 : 0], r = s[j < kTile - 1 ? j + 1 : kTile - 1];
      out[(size_t)t * kTile + j] = l + 2 * s[j] + r;
    }
    block.sync();  // all threads done with this stage before it is refilled
    pipe.consumer_release();
  }
}

// Each thread moves one float4 per step through a two-stage ring.
__global__ void square_primitives(const float4 *in, float4 *out, int steps) {
  __shared__ float4 ring[2][kThreads];
  size_t stride = (size_t)gridDim.x * kThreads;
  size_t i0 = (size_t)blockIdx.x * kThreads + threadIdx.x;
  __pipeline_memcpy_async(&ring[0][threadIdx.x], &in[i0], sizeof(float4));
  __pipeline_commit();
  for (int k = 0; k < steps; k++) {
    if (k + 1 < steps)
      __pipeline_memcpy_async(&ring[(k + 1) & 1][threadIdx.x], &in[i0 + (k + 1) * stride],
                              sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(1);  // step k has landed
    float4 v = ring[k & 1][threadIdx.x];
    out[i0 + k * stride] = make_float4(v.x * v.x, v.y * v.y, v.z * v.z, v.w * v.w);
  }
}

int main() {
  const int tiles = 96, n = tiles * kTile, blocks2 = 24, steps = n / 4 / (blocks2 * kThreads);
  std::vector<float> h(n);
  for (int i = 0; i < n; i++)
    h[i] = (float)(i % 37) * 0.5f;
  float *in, *mid, *sq;
  CK(cudaMalloc(&in, n * sizeof(float)));
  CK(cudaMalloc(&mid, n * sizeof(float)));
  CK(cudaMalloc(&sq, n * sizeof(float)));
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t ev;
  CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  CK(cudaMemcpyAsync(in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice, s1));
  stencil_pipelined<<<32, kThreads, 0, s1>>>(in, mid, tiles);
  CK(cudaEventRecord(ev, s1));
  CK(cudaStreamWaitEvent(s2, ev, 0));
  square_primitives<<<blocks2, kThreads, 0, s2>>>((const float4 *)mid, (float4 *)sq, steps);
  std::vector<float> hm(n), hs(n);
  CK(cudaMemcpyAsync(hm.data(), mid, n * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CK(cudaMemcpyAsync(hs.data(), sq, n * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CK(cudaStreamSynchronize(s2));
  bool ok = steps * blocks2 * kThreads * 4 == n;
  for (int t = 0; t < tiles && ok; t++)
    for (int j = 0; j < kTile && ok; j++) {
      const float *s = &h[t * kTile];
      float want = s[j > 0 ? j - 1 : 0] + 2 * s[j] + s[j < kTile - 1 ? j + 1 : kTile - 1];
      ok = hm[t * kTile + j] == want && hs[t * kTile + j] == want * want;
    }
  for (float *p : {in, mid, sq})
    CK(cudaFree(p));
  puts(ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
