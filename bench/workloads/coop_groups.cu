// WORKLOAD: coop_groups
// PATTERN: cooperative groups as used by persistent and single-pass kernels:
// cg::this_thread_block, cg::tiled_partition<32> with cg::reduce, and a
// grid-wide barrier (cg::this_grid().sync()) in a kernel launched with
// cudaLaunchCooperativeKernel on a non-default stream and sized by the
// occupancy API. Phase 1 writes per-block partial sums of squares, the
// grid syncs, phase 2 has every block read all partials and normalize its
// part of the vector (a single-kernel L2 normalization). A second kernel on
// another stream, after an event, uses tiled_partition<8> shuffles. The
// check compares with the host.
// FLAGS: -isystem $CUDA/include/cccl
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

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

namespace cg = cooperative_groups;
constexpr int kThreads = 256;

__global__ void l2_normalize(const float *x, float *y, float *partial, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float warp_sums[kThreads / 32];

  float acc = 0;
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    acc += x[i] * x[i];
  acc = cg::reduce(warp, acc, cg::plus<float>());
  if (warp.thread_rank() == 0)
    warp_sums[warp.meta_group_rank()] = acc;
  block.sync();
  if (block.thread_rank() == 0) {
    float s = 0;
    for (int w = 0; w < kThreads / 32; w++)
      s += warp_sums[w];
    partial[blockIdx.x] = s;
  }
  grid.sync();  // every partial is visible to every block

  float total = 0;
  for (int b = 0; b < (int)gridDim.x; b++)
    total += partial[b];
  float inv = rsqrtf(total);
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    y[i] = x[i] * inv;
}

// Sum of each group of 8 neighbours, through an 8-thread tile.
__global__ void group8_sum(const float *y, float *out, int n) {
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = i < n ? y[i] : 0.0f;
  for (int o = 4; o > 0; o >>= 1)
    v += t8.shfl_down(v, o);
  if (t8.thread_rank() == 0 && i < n)
    out[i / 8] = v;
}

int main() {
  int dev = 0, coop = 0, sms = 0, per_sm = 0;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  if (!coop)
    return puts("FAILED (no cooperative launch)"), 1;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, l2_normalize, kThreads, 0));
  int blocks = sms * (per_sm < 2 ? per_sm : 2);
  int n = 1 << 20;
  std::vector<float> hx(n);
  for (int i = 0; i < n; i++)
    hx[i] = (float)((i % 17) - 8);
  float *x, *y, *partial, *out;
  CK(cudaMalloc(&x, n * sizeof(float)));
  CK(cudaMalloc(&y, n * sizeof(float)));
  CK(cudaMalloc(&partial, blocks * sizeof(float)));
  CK(cudaMalloc(&out, n / 8 * sizeof(float)));
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t ev;
  CK(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming));
  CK(cudaMemcpyAsync(x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice, s1));
  void *args[] = {&x, &y, &partial, &n};
  CK(cudaLaunchCooperativeKernel((void *)l2_normalize, dim3(blocks), dim3(kThreads), args, 0, s1));
  CK(cudaEventRecord(ev, s1));
  CK(cudaStreamWaitEvent(s2, ev, 0));
  group8_sum<<<n / 256, 256, 0, s2>>>(y, out, n);
  std::vector<float> hy(n), ho(n / 8);
  CK(cudaMemcpyAsync(hy.data(), y, n * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CK(cudaMemcpyAsync(ho.data(), out, n / 8 * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CK(cudaStreamSynchronize(s2));
  double total = 0;
  for (int i = 0; i < n; i++)
    total += (double)hx[i] * hx[i];
  double inv = 1 / std::sqrt(total);
  bool ok = true;
  for (int i = 0; i < n && ok; i++)
    ok = std::fabs(hy[i] - hx[i] * inv) < 1e-6;
  for (int g = 0; g < n / 8 && ok; g++) {
    double s = 0;
    for (int k = 0; k < 8; k++)
      s += hy[g * 8 + k];
    ok = std::fabs(ho[g] - s) < 1e-5;
  }
  for (float *p : {x, y, partial, out})
    CK(cudaFree(p));
  puts(ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
