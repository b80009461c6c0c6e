// pipeline_ok: a correct three-stage multi-stream pipeline (reports nothing).
//
// Batches flow through upload (cudaMemcpyAsync host-to-device on an upload
// stream), compute (a kernel on a compute stream) and download
// (cudaMemcpyAsync device-to-host on a download stream), double-buffered so
// that the three stages of different batches overlap. Every hand-over is an
// event: compute waits for the upload of its batch, download waits for the
// compute, and reusing a buffer waits for the stage that last used it. The
// program is race free, so csan must report nothing, with or without
// --fixed (accepted for symmetry with the other examples), and the program
// exits 0.
//
//   csan-clang++ -g -O2 pipeline_ok.cu -o pipeline_ok
//   ./pipeline_ok              # clean, exit 0
//
// EXPECT: clean
#include <cstdio>
#include <cstdlib>

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

constexpr int kBatches = 8, kN = 1 << 16;

__global__ void saxpy(const float *x, float *y, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kN)
    y[i] = a * x[i] + 1.0f;
}

int main() {
  float *host_in, *host_out, *dev_in[2], *dev_out[2];
  CHECK(cudaMallocHost(&host_in, kBatches * kN * sizeof(float)));
  CHECK(cudaMallocHost(&host_out, kBatches * kN * sizeof(float)));
  for (int i = 0; i < kBatches * kN; i++)
    host_in[i] = (float)(i % 512);
  for (int b = 0; b < 2; b++) {
    CHECK(cudaMalloc(&dev_in[b], kN * sizeof(float)));
    CHECK(cudaMalloc(&dev_out[b], kN * sizeof(float)));
  }
  cudaStream_t up, comp, down;
  CHECK(cudaStreamCreateWithFlags(&up, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&comp, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&down, cudaStreamNonBlocking));
  cudaEvent_t uploaded[2], computed[2], downloaded[2];
  for (int b = 0; b < 2; b++) {
    CHECK(cudaEventCreateWithFlags(&uploaded[b], cudaEventDisableTiming));
    CHECK(cudaEventCreateWithFlags(&computed[b], cudaEventDisableTiming));
    CHECK(cudaEventCreateWithFlags(&downloaded[b], cudaEventDisableTiming));
  }
  CHECK(cudaDeviceSynchronize());

  for (int k = 0; k < kBatches; k++) {
    int b = k % 2;
    size_t off = (size_t)k * kN;
    if (k >= 2) // dev_in[b] was last read by compute of batch k - 2
      CHECK(cudaStreamWaitEvent(up, computed[b], 0));
    CHECK(cudaMemcpyAsync(dev_in[b], host_in + off, kN * sizeof(float),
                          cudaMemcpyHostToDevice, up));
    CHECK(cudaEventRecord(uploaded[b], up));

    CHECK(cudaStreamWaitEvent(comp, uploaded[b], 0));
    if (k >= 2) // dev_out[b] was last read by download of batch k - 2
      CHECK(cudaStreamWaitEvent(comp, downloaded[b], 0));
    saxpy<<<kN / 256, 256, 0, comp>>>(dev_in[b], dev_out[b], 2.0f);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(computed[b], comp));

    CHECK(cudaStreamWaitEvent(down, computed[b], 0));
    CHECK(cudaMemcpyAsync(host_out + off, dev_out[b], kN * sizeof(float),
                          cudaMemcpyDeviceToHost, down));
    CHECK(cudaEventRecord(downloaded[b], down));
  }
  CHECK(cudaDeviceSynchronize());

  int bad = 0;
  for (int i = 0; i < kBatches * kN; i++)
    bad += host_out[i] != 2.0f * (float)(i % 512) + 1.0f;
  printf("pipeline_ok: %d of %d results differ\n", bad, kBatches * kN);
  return bad != 0;
}
