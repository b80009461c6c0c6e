// reduction_reuse: a result buffer reused by the next iteration without a
// wait.
//
// Each iteration sums a batch with a reduction kernel that accumulates into
// one device result (cleared with cudaMemsetAsync first) and copies the sum
// back with cudaMemcpyAsync. Iterations alternate between two streams so
// that they overlap. The result buffer is shared, so iteration i + 1 must
// not clear it before iteration i has copied it out; the racy form has no
// such wait. csan reports the next iteration's memset against the previous
// iteration's accesses of the result (the reduction's atomic adds and the
// copy's read) and exits with status 66; the sums printed may be wrong.
// With --fixed (or -DFIXED) each iteration waits for an event recorded
// after the previous iteration's copy, and csan reports nothing.
//
//   csan-clang++ -g -O2 reduction_reuse.cu -o reduction_reuse
//   ./reduction_reuse          # races, exit 66
//   ./reduction_reuse --fixed  # clean, exit 0
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

constexpr int kIters = 4, kN = 1 << 18, kBlock = 256;

// Block-wide tree reduction in shared memory, one atomic add per block.
__global__ void sum(const int *in, int n, unsigned long long *result) {
  __shared__ unsigned long long part[kBlock];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  part[threadIdx.x] = i < n ? (unsigned long long)in[i] : 0;
  __syncthreads();
  for (int s = kBlock / 2; s > 0; s /= 2) {
    if ((int)threadIdx.x < s)
      part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(result, part[0]);
}

__global__ void fill(int *p, int n, int iter) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = (i % 10) + iter;
}

int main(int argc, char **argv) {
  bool fixed = argc > 1 && strcmp(argv[1], "--fixed") == 0;
#ifdef FIXED
  fixed = true;
#endif
  int *data[kIters];
  unsigned long long *result, *sums;
  for (int it = 0; it < kIters; it++) {
    CHECK(cudaMalloc(&data[it], kN * sizeof(int)));
    fill<<<kN / kBlock, kBlock>>>(data[it], kN, it);
    CHECK(cudaGetLastError());
  }
  CHECK(cudaMalloc(&result, sizeof *result));
  CHECK(cudaMallocHost(&sums, kIters * sizeof *sums));
  cudaStream_t streams[2];
  for (auto &s : streams)
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  cudaEvent_t copied;
  CHECK(cudaEventCreateWithFlags(&copied, cudaEventDisableTiming));
  CHECK(cudaDeviceSynchronize());

  for (int it = 0; it < kIters; it++) {
    cudaStream_t s = streams[it % 2];
    if (fixed && it > 0) // the previous iteration has copied the result out
      CHECK(cudaStreamWaitEvent(s, copied, 0));
    CHECK(cudaMemsetAsync(result, 0, sizeof *result, s));
    sum<<<kN / kBlock, kBlock, 0, s>>>(data[it], kN, result);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(&sums[it], result, sizeof *result, cudaMemcpyDeviceToHost, s));
    CHECK(cudaEventRecord(copied, s));
  }
  CHECK(cudaDeviceSynchronize());

  int bad = 0;
  for (int it = 0; it < kIters; it++) {
    unsigned long long want = 0;
    for (int i = 0; i < kN; i++)
      want += (i % 10) + it;
    bad += sums[it] != want;
  }
  printf("reduction_reuse (%s): %d of %d sums wrong\n", fixed ? "fixed" : "racy", bad, kIters);
  return 0;
}
