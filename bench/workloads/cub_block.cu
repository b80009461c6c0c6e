// WORKLOAD: cub_block
// PATTERN: CUB block-level collectives inside a user kernel, the way custom
// reductions and normalizations are written: BlockLoad (warp-transpose)
// through a CacheModifiedInputIterator<LOAD_LDG>, BlockReduce, BlockScan,
// BlockStore, and explicit cache-operator loads and stores
// (cub::ThreadLoad<LOAD_CS>, cub::ThreadStore<STORE_CG>). Per tile of 512
// floats: the tile's sum goes to sums[], the inclusive prefix of the tile to
// out[], and a scaled copy of a second input, read with streaming loads,
// to aux[]. Two streams, each on its own half of the data.
// FLAGS: -isystem $CUDA/include/cccl
#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/iterator/cache_modified_input_iterator.cuh>
#include <cub/thread/thread_load.cuh>
#include <cub/thread/thread_store.cuh>

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

constexpr int kThreads = 128, kItems = 4, kTile = kThreads * kItems;

template <int THREADS, int ITEMS>
__global__ void __launch_bounds__(THREADS)
tile_kernel(const float *in, const float *in2, float *out, float *aux, float *sums) {
  using Load = cub::BlockLoad<float, THREADS, ITEMS, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Store = cub::BlockStore<float, THREADS, ITEMS, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using Reduce = cub::BlockReduce<float, THREADS>;
  using Scan = cub::BlockScan<float, THREADS>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
  } smem;

  const int base = blockIdx.x * THREADS * ITEMS;
  cub::CacheModifiedInputIterator<cub::LOAD_LDG, float> it(in + base);
  float v[ITEMS];
  Load(smem.load).Load(it, v);
  __syncthreads();
  float total = Reduce(smem.reduce).Sum(v);
  __syncthreads();
  Scan(smem.scan).InclusiveSum(v, v);
  __syncthreads();
  Store(smem.store).Store(out + base, v);
  if (threadIdx.x == 0)
    cub::ThreadStore<cub::STORE_CG>(sums + blockIdx.x, total);

  // Streaming (evict-first) loads of data read once, cache-global stores.
  for (int k = threadIdx.x; k < THREADS * ITEMS; k += THREADS) {
    float x = cub::ThreadLoad<cub::LOAD_CS>(in2 + base + k);
    cub::ThreadStore<cub::STORE_CG>(aux + base + k, 3.0f * x);
  }
}

int main() {
  const int tiles = 256, n = tiles * kTile, half = n / 2;
  std::vector<float> h(n), h2(n);
  for (int i = 0; i < n; i++) {
    h[i] = (float)(i % 13) - 6.0f;
    h2[i] = (float)(i % 5);
  }
  float *in, *in2, *out, *aux, *sums;
  CK(cudaMalloc(&in, n * sizeof(float)));
  CK(cudaMalloc(&in2, n * sizeof(float)));
  CK(cudaMalloc(&out, n * sizeof(float)));
  CK(cudaMalloc(&aux, n * sizeof(float)));
  CK(cudaMalloc(&sums, tiles * sizeof(float)));
  cudaStream_t s[2];
  for (int k = 0; k < 2; k++) {
    CK(cudaStreamCreateWithFlags(&s[k], cudaStreamNonBlocking));
    size_t off = (size_t)k * half;
    CK(cudaMemcpyAsync(in + off, h.data() + off, half * sizeof(float), cudaMemcpyHostToDevice, s[k]));
    CK(cudaMemcpyAsync(in2 + off, h2.data() + off, half * sizeof(float), cudaMemcpyHostToDevice, s[k]));
    tile_kernel<kThreads, kItems><<<tiles / 2, kThreads, 0, s[k]>>>(
        in + off, in2 + off, out + off, aux + off, sums + k * tiles / 2);
  }
  std::vector<float> ho(n), ha(n), hs(tiles);
  for (int k = 0; k < 2; k++) {
    size_t off = (size_t)k * half;
    CK(cudaMemcpyAsync(ho.data() + off, out + off, half * sizeof(float), cudaMemcpyDeviceToHost, s[k]));
    CK(cudaMemcpyAsync(ha.data() + off, aux + off, half * sizeof(float), cudaMemcpyDeviceToHost, s[k]));
    CK(cudaMemcpyAsync(hs.data() + k * tiles / 2, sums + k * tiles / 2, tiles / 2 * sizeof(float),
                       cudaMemcpyDeviceToHost, s[k]));
  }
  CK(cudaDeviceSynchronize());
  bool ok = true;
  for (int t = 0; t < tiles && ok; t++) {
    float run = 0;
    for (int j = 0; j < kTile && ok; j++) {
      int i = t * kTile + j;
      run += h[i];
      ok = ho[i] == run && ha[i] == 3.0f * h2[i];
    }
    ok = ok && hs[t] == run;
  }
  for (float *p : {in, in2, out, aux, sums})
    CK(cudaFree(p));
  puts(ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
