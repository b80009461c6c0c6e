// WORKLOAD: cub_device
// PATTERN: CUB device-wide primitives on streams, with the two-phase temp
// storage protocol (a first call with a null buffer asks for the size, the
// buffer comes from cudaMallocAsync on the same stream): DeviceRadixSort::
// SortPairs on one stream, DeviceReduce::Sum and DeviceScan::ExclusiveSum on
// another, joined by an event before a last DeviceReduce::Max over the sorted
// keys. This is how sorting/compaction stages of real pipelines (graph
// analytics, particle binning) use CUB.
// FLAGS: -isystem $CUDA/include/cccl
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

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

__global__ void init(unsigned *keys, int *vals, int *counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    keys[i] = (unsigned)(n - 1 - i) ^ 0x5a5u;  // a permutation of [0, n) for n = 2^k
    vals[i] = i;
    counts[i] = i % 7;
  }
}

int main() {
  const int n = 1 << 18;
  cudaStream_t sa, sb;
  CK(cudaStreamCreateWithFlags(&sa, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&sb, cudaStreamNonBlocking));
  cudaEvent_t init_done, sort_done;
  CK(cudaEventCreateWithFlags(&init_done, cudaEventDisableTiming));
  CK(cudaEventCreateWithFlags(&sort_done, cudaEventDisableTiming));

  unsigned *keys_in, *keys_out, *max_key;
  int *vals_in, *vals_out, *counts, *offsets, *total;
  CK(cudaMallocAsync(&keys_in, n * sizeof(unsigned), sa));
  CK(cudaMallocAsync(&keys_out, n * sizeof(unsigned), sa));
  CK(cudaMallocAsync(&vals_in, n * sizeof(int), sa));
  CK(cudaMallocAsync(&vals_out, n * sizeof(int), sa));
  CK(cudaMallocAsync(&counts, n * sizeof(int), sa));
  CK(cudaMallocAsync(&offsets, n * sizeof(int), sa));
  CK(cudaMallocAsync(&total, sizeof(int), sa));
  CK(cudaMallocAsync(&max_key, sizeof(unsigned), sa));
  init<<<(n + 255) / 256, 256, 0, sa>>>(keys_in, vals_in, counts, n);
  CK(cudaEventRecord(init_done, sa));
  CK(cudaStreamWaitEvent(sb, init_done, 0));

  // Stream A: radix sort of (key, value) pairs.
  size_t sort_bytes = 0;
  CK(cub::DeviceRadixSort::SortPairs(nullptr, sort_bytes, keys_in, keys_out, vals_in, vals_out, n,
                                     0, 32, sa));
  void *sort_tmp;
  CK(cudaMallocAsync(&sort_tmp, sort_bytes, sa));
  CK(cub::DeviceRadixSort::SortPairs(sort_tmp, sort_bytes, keys_in, keys_out, vals_in, vals_out,
                                     n, 0, 32, sa));
  CK(cudaFreeAsync(sort_tmp, sa));
  CK(cudaEventRecord(sort_done, sa));

  // Stream B, concurrently: sum and exclusive scan of the counts.
  size_t sum_bytes = 0, scan_bytes = 0;
  CK(cub::DeviceReduce::Sum(nullptr, sum_bytes, counts, total, n, sb));
  CK(cub::DeviceScan::ExclusiveSum(nullptr, scan_bytes, counts, offsets, n, sb));
  void *tmp_b;
  size_t tmp_b_bytes = sum_bytes > scan_bytes ? sum_bytes : scan_bytes;
  CK(cudaMallocAsync(&tmp_b, tmp_b_bytes, sb));
  CK(cub::DeviceReduce::Sum(tmp_b, tmp_b_bytes, counts, total, n, sb));
  size_t b2 = tmp_b_bytes;
  CK(cub::DeviceScan::ExclusiveSum(tmp_b, b2, counts, offsets, n, sb));

  // Join: B reads the sorted keys.
  CK(cudaStreamWaitEvent(sb, sort_done, 0));
  size_t max_bytes = 0;
  CK(cub::DeviceReduce::Max(nullptr, max_bytes, keys_out, max_key, n, sb));
  if (max_bytes > tmp_b_bytes)
    return puts("FAILED (temp size)"), 1;
  CK(cub::DeviceReduce::Max(tmp_b, max_bytes, keys_out, max_key, n, sb));
  CK(cudaFreeAsync(tmp_b, sb));

  std::vector<unsigned> hk(n);
  std::vector<int> hv(n), hoff(n);
  int htotal;
  unsigned hmax;
  CK(cudaMemcpyAsync(hk.data(), keys_out, n * sizeof(unsigned), cudaMemcpyDeviceToHost, sb));
  CK(cudaMemcpyAsync(hv.data(), vals_out, n * sizeof(int), cudaMemcpyDeviceToHost, sb));
  CK(cudaMemcpyAsync(hoff.data(), offsets, n * sizeof(int), cudaMemcpyDeviceToHost, sb));
  CK(cudaMemcpyAsync(&htotal, total, sizeof(int), cudaMemcpyDeviceToHost, sb));
  CK(cudaMemcpyAsync(&hmax, max_key, sizeof(unsigned), cudaMemcpyDeviceToHost, sb));
  CK(cudaStreamSynchronize(sb));

  bool ok = hmax == (unsigned)n - 1;
  long want_total = 0;
  for (int i = 0; i < n && ok; i++) {
    ok = hk[i] == (unsigned)i && ((unsigned)(n - 1 - hv[i]) ^ 0x5a5u) == hk[i] &&
         hoff[i] == want_total;
    want_total += i % 7;
  }
  ok = ok && htotal == want_total;
  for (void *p : {(void *)keys_in, (void *)keys_out, (void *)vals_in, (void *)vals_out,
                  (void *)counts, (void *)offsets, (void *)total, (void *)max_key})
    CK(cudaFreeAsync(p, sb));
  CK(cudaStreamSynchronize(sb));
  puts(ok ? "ok" : "FAILED");
  return ok ? 0 : 1;
}
