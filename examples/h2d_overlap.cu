// h2d_overlap: a host-to-device copy overlapping a kernel on another stream.
//
// The classic copy/compute overlap: chunks of pinned host data are copied
// to the device with cudaMemcpyAsync on a copy stream while a compute
// stream processes the chunks that already arrived. Each copy records an
// event and the compute stream waits for it. In its racy form the wait is
// off by one: the kernel for chunk c waits for the copy of chunk c - 1, so
// it can read chunk c while the copy is still writing it. csan reports the
// kernel's read against cudaMemcpyAsync's write (write-read), naming the
// kernel line and the host line of the copy, and exits with status 66.
// With --fixed (or -DFIXED) the kernel waits for its own chunk's event.
//
//   csan-clang++ -g -O2 h2d_overlap.cu -o h2d_overlap
//   ./h2d_overlap            # race, exit 66
//   ./h2d_overlap --fixed    # clean, exit 0
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

constexpr int kChunks = 8, kChunk = 1 << 16;

__global__ void square(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kChunk)
    out[i] = in[i] * in[i];
}

int main(int argc, char **argv) {
  bool fixed = argc > 1 && strcmp(argv[1], "--fixed") == 0;
#ifdef FIXED
  fixed = true;
#endif
  float *host, *in, *out;
  CHECK(cudaMallocHost(&host, kChunks * kChunk * sizeof(float)));
  for (int i = 0; i < kChunks * kChunk; i++)
    host[i] = (float)(i % 1000) * 0.001f;
  CHECK(cudaMalloc(&in, kChunks * kChunk * sizeof(float)));
  CHECK(cudaMalloc(&out, kChunks * kChunk * sizeof(float)));
  cudaStream_t copy, compute;
  CHECK(cudaStreamCreateWithFlags(&copy, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&compute, cudaStreamNonBlocking));
  cudaEvent_t arrived[kChunks];
  for (auto &e : arrived)
    CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));

  const int block = 256, grid = kChunk / block;
  for (int c = 0; c < kChunks; c++) {
    size_t off = (size_t)c * kChunk;
    CHECK(cudaMemcpyAsync(in + off, host + off, kChunk * sizeof(float),
                          cudaMemcpyHostToDevice, copy));
    CHECK(cudaEventRecord(arrived[c], copy));
    // The bug: waits for the previous chunk's copy, not this one's.
    int waited = fixed ? c : (c > 0 ? c - 1 : 0);
    CHECK(cudaStreamWaitEvent(compute, arrived[waited], 0));
    square<<<grid, block, 0, compute>>>(in + off, out + off);
    CHECK(cudaGetLastError());
  }
  CHECK(cudaDeviceSynchronize());

  float *h = (float *)malloc(kChunks * kChunk * sizeof(float));
  CHECK(cudaMemcpy(h, out, kChunks * kChunk * sizeof(float), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < kChunks * kChunk; i++)
    bad += h[i] != host[i] * host[i];
  printf("h2d_overlap (%s): %d of %d results differ\n", fixed ? "fixed" : "racy", bad,
         kChunks * kChunk);
  free(h);
  return 0;
}
