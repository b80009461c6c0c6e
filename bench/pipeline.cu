// pipeline: a multi-stream copy/compute pipeline. 64 MiB of pinned host
// data flows through 4 non-blocking streams in 4 MiB chunks: upload
// (cudaMemcpyAsync), a compute kernel, download. Chunks on different
// streams overlap; each stream reuses its own device buffers in stream
// order. The timed step forks from the timing stream with an event and
// joins back with one event per stream, so the program is race free. It
// exercises csan's range checks of copies and its per-launch bookkeeping as
// much as its device checks.
#include "bench.h"

constexpr int kStreams = 4, kChunks = 16;
constexpr size_t kChunk = 1u << 20; // floats per chunk (4 MiB)

__global__ void process(const float *in, float *out, size_t n) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    float v = in[i];
    for (int k = 0; k < 8; k++) // a little arithmetic per element
      v = v * 0.5f + 1.0f;
    out[i] = v;
  }
}

static float expected(float v) {
  for (int k = 0; k < 8; k++)
    v = v * 0.5f + 1.0f;
  return v;
}

int main() {
  float *host_in, *host_out, *dev_in[kStreams], *dev_out[kStreams];
  CHECK(cudaMallocHost(&host_in, kChunks * kChunk * sizeof(float)));
  CHECK(cudaMallocHost(&host_out, kChunks * kChunk * sizeof(float)));
  for (size_t i = 0; i < kChunks * kChunk; i++)
    host_in[i] = (float)(i % 256);
  for (int k = 0; k < kStreams; k++) {
    dev_in[k] = dev_alloc<float>(kChunk);
    dev_out[k] = dev_alloc<float>(kChunk);
  }
  cudaStream_t timing = bench_stream(), streams[kStreams];
  cudaEvent_t fork, join[kStreams];
  CHECK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
  for (int k = 0; k < kStreams; k++) {
    streams[k] = bench_stream();
    CHECK(cudaEventCreateWithFlags(&join[k], cudaEventDisableTiming));
  }
  CHECK(cudaDeviceSynchronize());

  BenchTimes t = bench_time(timing, [&](cudaStream_t st) {
    CHECK(cudaEventRecord(fork, st));
    for (int k = 0; k < kStreams; k++)
      CHECK(cudaStreamWaitEvent(streams[k], fork, 0));
    for (int c = 0; c < kChunks; c++) {
      int k = c % kStreams;
      size_t off = (size_t)c * kChunk;
      CHECK(cudaMemcpyAsync(dev_in[k], host_in + off, kChunk * sizeof(float),
                            cudaMemcpyHostToDevice, streams[k]));
      process<<<256, 256, 0, streams[k]>>>(dev_in[k], dev_out[k], kChunk);
      CHECK(cudaMemcpyAsync(host_out + off, dev_out[k], kChunk * sizeof(float),
                            cudaMemcpyDeviceToHost, streams[k]));
    }
    for (int k = 0; k < kStreams; k++) {
      CHECK(cudaEventRecord(join[k], streams[k]));
      CHECK(cudaStreamWaitEvent(st, join[k], 0));
    }
  });
  CHECK(cudaDeviceSynchronize());

  bool ok = true;
  for (size_t i = 0; i < kChunks * kChunk && ok; i += 1009)
    ok = host_out[i] == expected(host_in[i]);
  return bench_report("pipeline", t, ok);
}
