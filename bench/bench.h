// bench.h: the harness shared by csan's benchmarks.
//
// Each benchmark is one standalone program: it allocates its device memory
// through dev_alloc() (which counts the bytes), sets up its data, ends setup
// with cudaDeviceSynchronize(), times its step with bench_time() (warm-up
// runs, then BENCH_REPS timed runs; CUDA events for GPU time, a host clock
// around each run for wall time), checks its result on the host, and prints
// one line that bench/run.sh parses:
//
//   bench=NAME median_ms=X wall_ms=Y reps=N app_bytes=B check=ok|FAILED
//
// Benchmarks are race free by construction (one stream, or events between
// streams), so an instrumented build must exit 0: exit 66 means csan
// reported a race, which run.sh shows as a failure.
#ifndef CSAN_BENCH_H
#define CSAN_BENCH_H

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

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

static size_t g_app_bytes; // application device memory, for shadow/app

template <class T> static T *dev_alloc(size_t count) {
  T *p;
  CHECK(cudaMalloc(&p, count * sizeof(T)));
  g_app_bytes += count * sizeof(T);
  return p;
}

static int env_int(const char *name, int dflt) {
  const char *v = getenv(name);
  return v && *v ? atoi(v) : dflt;
}

static double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n == 0 ? 0.0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

struct BenchTimes {
  double median_ms;      // GPU time between two events, median over reps
  double median_wall_ms; // host time of one rep until its stop event completed
  int reps;
};

// Runs step(stream) BENCH_WARMUP times untimed, then BENCH_REPS times timed
// (defaults: 3 and default_reps). step issues GPU work on `stream` (other
// streams it uses must be joined back into `stream` before it returns).
template <class Step>
static BenchTimes bench_time(cudaStream_t stream, Step step, int default_reps = 20) {
  int warmup = env_int("BENCH_WARMUP", 3), reps = env_int("BENCH_REPS", default_reps);
  if (reps < 1)
    reps = 1;
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  for (int i = 0; i < warmup; i++)
    step(stream);
  CHECK(cudaStreamSynchronize(stream));
  std::vector<double> gpu, wall;
  for (int i = 0; i < reps; i++) {
    auto t0 = std::chrono::steady_clock::now();
    CHECK(cudaEventRecord(start, stream));
    step(stream);
    CHECK(cudaEventRecord(stop, stream));
    CHECK(cudaEventSynchronize(stop));
    auto t1 = std::chrono::steady_clock::now();
    float ms = 0;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    gpu.push_back(ms);
    wall.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  CHECK(cudaGetLastError());
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(stop));
  return {median(gpu), median(wall), reps};
}

static int bench_report(const char *name, const BenchTimes &t, bool ok) {
  printf("bench=%s median_ms=%.4f wall_ms=%.4f reps=%d app_bytes=%zu check=%s\n", name,
         t.median_ms, t.median_wall_ms, t.reps, g_app_bytes, ok ? "ok" : "FAILED");
  fflush(stdout);
  return ok ? 0 : 1;
}

static cudaStream_t bench_stream() {
  cudaStream_t s;
  CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  return s;
}

// Deterministic pseudo-random numbers for inputs (xorshift).
static inline unsigned bench_rand(unsigned &state) {
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return state;
}

#endif // CSAN_BENCH_H
