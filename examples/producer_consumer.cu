// producer_consumer: two non-blocking streams and a missing event wait.
//
// A producer kernel fills a frame of samples on one stream while a consumer
// kernel normalizes frames on another, so the two overlap; two frame
// buffers are used in turn. The consumer of frame f must wait for the
// producer of frame f (an event per frame), and the producer must not
// refill a buffer before its consumer is done. In its racy form the program
// forgets the consumer's wait for the last frame. csan reports the
// consumer's read of that frame against the producer's write (write-read;
// if the two kernels really overlap, possibly also the other way round),
// names both kernel lines, and the program exits with status 66. With
// --fixed (or a -DFIXED build) the consumer stream waits for the
// producer's event in every frame and csan reports nothing.
//
//   csan-clang++ -g -O2 producer_consumer.cu -o producer_consumer
//   ./producer_consumer          # race: one report, exit 66
//   ./producer_consumer --fixed  # clean, exit 0
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

constexpr int kFrames = 4, kSamples = 1 << 16;

__global__ void produce(float *frame, int f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kSamples)
    frame[i] = (float)((i * 7 + f * 13) % 101);
}

__global__ void normalize(const float *frame, float *out, float scale) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < kSamples)
    out[i] = frame[i] * scale;
}

int main(int argc, char **argv) {
  bool fixed = argc > 1 && strcmp(argv[1], "--fixed") == 0;
#ifdef FIXED
  fixed = true;
#endif
  float *frames[2], *out;
  for (auto &f : frames)
    CHECK(cudaMalloc(&f, kSamples * sizeof(float)));
  CHECK(cudaMalloc(&out, kFrames * kSamples * sizeof(float)));
  cudaStream_t producer, consumer;
  CHECK(cudaStreamCreateWithFlags(&producer, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&consumer, cudaStreamNonBlocking));
  cudaEvent_t produced[kFrames], consumed[2];
  for (auto &e : produced)
    CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
  for (auto &e : consumed)
    CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));

  const int block = 256, grid = (kSamples + block - 1) / block;
  for (int f = 0; f < kFrames; f++) {
    float *frame = frames[f % 2];
    if (f >= 2) // do not overwrite a frame the consumer still reads
      CHECK(cudaStreamWaitEvent(producer, consumed[f % 2], 0));
    produce<<<grid, block, 0, producer>>>(frame, f);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(produced[f], producer));
    // The bug: the hand-over of the last frame forgets the wait.
    if (fixed || f != kFrames - 1)
      CHECK(cudaStreamWaitEvent(consumer, produced[f], 0));
    normalize<<<grid, block, 0, consumer>>>(frame, out + f * kSamples, 0.01f);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(consumed[f % 2], consumer));
  }
  CHECK(cudaDeviceSynchronize());

  static float h[kFrames * kSamples];
  CHECK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int f = 0; f < kFrames; f++)
    for (int i = 0; i < kSamples; i++)
      bad += h[f * kSamples + i] != (float)((i * 7 + f * 13) % 101) * 0.01f;
  printf("producer_consumer (%s): %d of %d samples differ\n", fixed ? "fixed" : "racy", bad,
         kFrames * kSamples);
  return 0;
}
