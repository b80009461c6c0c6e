// race_api.h: the body the selftest programs share up to their racing call:
// a 1024-byte buffer, two non-blocking streams, and cudaMemcpyAsync on s1
// writing the whole buffer; the program then clears 256 bytes on s2 with
// nothing ordering the two (write-write), in main, on a line it checks.
#include "../../../e2e/Inputs/e2e.h"

struct RaceApi {
  unsigned char *buf, *src;
  cudaStream_t s1, s2;
  RaceApi() {
    CHECK_CUDA(cudaMalloc(&buf, 1024));
    CHECK_CUDA(cudaMallocHost(&src, 1024));
    s1 = nonblocking_stream();
    s2 = nonblocking_stream();
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpyAsync(buf, src, 1024, cudaMemcpyHostToDevice, s1));
    settle();
  }
};
