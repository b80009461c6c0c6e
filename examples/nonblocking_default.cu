// nonblocking_default: relying on the legacy default stream's implicit
// synchronization with a non-blocking stream.
//
// Application code launches on the default stream (stream 0) and hands the
// result to a helper that runs on its own stream, created with
// cudaStreamNonBlocking as libraries often do. The legacy default stream
// orders work only against *blocking* streams, so the helper's kernel can
// read the buffer before the default-stream kernel has written it. csan
// reports the helper's read against the default-stream write (write-read)
// and exits with status 66. With --fixed (or -DFIXED) the helper creates a
// blocking stream (cudaStreamCreate), which waits for earlier default-
// stream work; csan reports nothing.
//
//   csan-clang++ -g -O2 nonblocking_default.cu -o nonblocking_default
//   ./nonblocking_default          # race, exit 66
//   ./nonblocking_default --fixed  # clean, exit 0
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

__global__ void init(float *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN)
    x[i] = (float)(i % 100);
}

__global__ void prefix_flags(const float *x, int *flags) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN)
    flags[i] = x[i] > 50.0f;
}

// The "library": runs its kernel on a stream of its own.
struct Helper {
  cudaStream_t stream;
  explicit Helper(bool blocking) {
    if (blocking)
      CHECK(cudaStreamCreate(&stream));
    else
      CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  }
  void flags(const float *x, int *out) {
    prefix_flags<<<kN / 256, 256, 0, stream>>>(x, out);
    CHECK(cudaGetLastError());
  }
};

int main(int argc, char **argv) {
  bool fixed = argc > 1 && strcmp(argv[1], "--fixed") == 0;
#ifdef FIXED
  fixed = true;
#endif
  float *x;
  int *flags;
  CHECK(cudaMalloc(&x, kN * sizeof(float)));
  CHECK(cudaMalloc(&flags, kN * sizeof(int)));
  Helper helper(/*blocking=*/fixed);
  CHECK(cudaDeviceSynchronize());

  init<<<kN / 256, 256>>>(x); // legacy default stream
  CHECK(cudaGetLastError());
  helper.flags(x, flags); // assumes stream 0's work is done
  CHECK(cudaDeviceSynchronize());

  int *h = (int *)malloc(kN * sizeof(int));
  CHECK(cudaMemcpy(h, flags, kN * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < kN; i++)
    bad += h[i] != ((i % 100) > 50);
  printf("nonblocking_default (%s): %d of %d flags wrong\n", fixed ? "fixed" : "racy", bad, kN);
  free(h);
  return 0;
}
