// graph_replay: a CUDA graph of 128 small kernels (8 independent chains of
// 16 one-block kernels, captured from 8 forked streams) replayed 50 times
// per step, 1,000 replays in the default 20 steps (issue 16's benchmark).
// Its twin graph_streams.cu issues the same 128 kernels on 8 streams per
// replay; the two wall-time rows say what csan adds per replay of a graph
// against the same work on streams (target: at most 2x).
#include "bench.h"

#include "graph_work.h"

int main() {
  GraphWork w;
  cudaStream_t s = bench_stream();
  // Capture one replay: fork the chains off s, join them back.
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  w.issue(s);
  cudaGraph_t g;
  CHECK(cudaStreamEndCapture(s, &g));
  cudaGraphExec_t x;
  CHECK(cudaGraphInstantiate(&x, g, 0));
  CHECK(cudaDeviceSynchronize());
  int replays = 0;
  BenchTimes t = bench_time(s, [&](cudaStream_t st) {
    for (int i = 0; i < kReplaysPerStep; i++)
      CHECK(cudaGraphLaunch(x, st));
    replays += kReplaysPerStep;
  });
  CHECK(cudaDeviceSynchronize());
  bool ok = w.check(replays);
  CHECK(cudaGraphExecDestroy(x));
  CHECK(cudaGraphDestroy(g));
  return bench_report("graph_replay", t, ok);
}
