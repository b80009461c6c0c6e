// The work of graph_replay.cu and graph_streams.cu: 8 chains of 16
// one-block kernels, each chain on its own buffer and stream, forked off a
// stream and joined back to it.
#pragma once

#include "bench.h"

constexpr int kChains = 8, kKernelsPerChain = 16, kThreads = 32, kReplaysPerStep = 50;

__global__ void bump_chain(float *p) { p[threadIdx.x] += 1.0f; }

struct GraphWork {
  float *buf[kChains];
  cudaStream_t chain[kChains];
  cudaEvent_t fork, join[kChains];

  GraphWork() {
    for (int c = 0; c < kChains; c++) {
      buf[c] = dev_alloc<float>(kThreads);
      CHECK(cudaMemset(buf[c], 0, kThreads * sizeof(float)));
      CHECK(cudaStreamCreateWithFlags(&chain[c], cudaStreamNonBlocking));
      CHECK(cudaEventCreateWithFlags(&join[c], cudaEventDisableTiming));
    }
    CHECK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
  }

  // One replay's work, forked off s and joined back to it.
  void issue(cudaStream_t s) {
    CHECK(cudaEventRecord(fork, s));
    for (int c = 0; c < kChains; c++) {
      CHECK(cudaStreamWaitEvent(chain[c], fork, 0));
      for (int k = 0; k < kKernelsPerChain; k++)
        bump_chain<<<1, kThreads, 0, chain[c]>>>(buf[c]);
      CHECK(cudaEventRecord(join[c], chain[c]));
      CHECK(cudaStreamWaitEvent(s, join[c], 0));
    }
  }

  // Every element counts every kernel of every replay (the caller counts
  // the warm-up steps too).
  bool check(int replays) {
    float want = (float)(replays * kKernelsPerChain);
    bool ok = true;
    float h[kThreads];
    for (int c = 0; c < kChains && ok; c++) {
      CHECK(cudaMemcpy(h, buf[c], sizeof h, cudaMemcpyDeviceToHost));
      for (int i = 0; i < kThreads; i++)
        ok = ok && h[i] == want;
    }
    return ok;
  }
};
