// free_async_uaf: cudaFreeAsync while another stream still uses the memory.
//
// A stage allocates a scratch buffer with cudaMallocAsync on its stream,
// fills it, and hands it to a side stream that computes a statistic from
// it; then it frees the scratch with cudaFreeAsync on its own stream. The
// free is ordered after the stage's own work but not after the side
// stream's kernel, so the pool may hand the bytes to the next allocation
// while they are still read. csan reports the free against the side
// kernel's unordered read (use-after-free) and exits with status 66. With
// --fixed (or -DFIXED) the stage stream waits for an event recorded after
// the side kernel before freeing.
//
//   csan-clang++ -g -O2 free_async_uaf.cu -o free_async_uaf
//   ./free_async_uaf          # use-after-free, exit 66
//   ./free_async_uaf --fixed  # clean, exit 0
//
// EXPECT: race
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,            \
              cudaGetErrorString(e_));                                         \
      exit(2);                                                                 \
    }                                                                          \
  } while (0)

constexpr int kN = 1 << 16;

__global__ void stage(float *scratch, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN) {
    scratch[i] = (float)(i % 64);
    out[i] = scratch[i] + 1.0f;
  }
}

__global__ void count_large(const float *scratch, unsigned *count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN && scratch[i] >= 32.0f)
    atomicAdd(count, 1u);
}

int main(int argc, char **argv) {
  bool fixed = argc > 1 && strcmp(argv[1], "--fixed") == 0;
#ifdef FIXED
  fixed = true;
#endif
  // Keep freed pool memory mapped: the racy version must not fault, only
  // be reported.
  cudaMemPool_t pool;
  CHECK(cudaDeviceGetDefaultMemPool(&pool, 0));
  unsigned long long keep = ~0ull;
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep));

  float *out, *scratch;
  unsigned *count;
  CHECK(cudaMalloc(&out, kN * sizeof(float)));
  CHECK(cudaMalloc(&count, sizeof *count));
  CHECK(cudaMemset(count, 0, sizeof *count));
  cudaStream_t main_s, side;
  CHECK(cudaStreamCreateWithFlags(&main_s, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&side, cudaStreamNonBlocking));
  cudaEvent_t staged, counted;
  CHECK(cudaEventCreateWithFlags(&staged, cudaEventDisableTiming));
  CHECK(cudaEventCreateWithFlags(&counted, cudaEventDisableTiming));
  CHECK(cudaDeviceSynchronize());

  const int block = 256, grid = kN / block;
  CHECK(cudaMallocAsync(&scratch, kN * sizeof(float), main_s));
  stage<<<grid, block, 0, main_s>>>(scratch, out);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(staged, main_s));
  CHECK(cudaStreamWaitEvent(side, staged, 0));
  count_large<<<grid, block, 0, side>>>(scratch, count);
  CHECK(cudaGetLastError());
  if (fixed) {
    CHECK(cudaEventRecord(counted, side));
    CHECK(cudaStreamWaitEvent(main_s, counted, 0));
  }
  CHECK(cudaFreeAsync(scratch, main_s)); // the bug: side may still read it
  CHECK(cudaDeviceSynchronize());

  unsigned h;
  CHECK(cudaMemcpy(&h, count, sizeof h, cudaMemcpyDeviceToHost));
  printf("free_async_uaf (%s): %u large values (want %d)\n", fixed ? "fixed" : "racy", h,
         kN / 2);
  return 0;
}
