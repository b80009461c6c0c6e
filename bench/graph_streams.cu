// graph_streams: the work of one graph_replay.cu replay issued on streams
// (8 streams forked off the bench stream, 16 one-block kernels each, joined
// back), 50 times per step: the stream version csan's cost per graph replay
// is measured against.
#include "bench.h"

#include "graph_work.h"

int main() {
  GraphWork w;
  cudaStream_t s = bench_stream();
  CHECK(cudaDeviceSynchronize());
  int replays = 0;
  BenchTimes t = bench_time(s, [&](cudaStream_t st) {
    for (int i = 0; i < kReplaysPerStep; i++)
      w.issue(st);
    replays += kReplaysPerStep;
  });
  CHECK(cudaDeviceSynchronize());
  return bench_report("graph_streams", t, w.check(replays));
}
