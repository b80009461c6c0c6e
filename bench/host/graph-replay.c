/* graph-replay.c: csan's host cost of replaying a CUDA graph, without a
 * GPU, against the same work issued to streams.
 *
 * The graph: W chains of L small kernels each (W*L >= 100 nodes), the
 * chains independent (as a training step's layers on several streams
 * captured into one graph). It is replayed N times on one stream:
 *   graph plain   cudaGraphLaunch straight to the fake CUDA library
 *   graph csan    through csan (expansion into the model, one context
 *                 update per kernel node, the launch)
 *   stream plain  the same W*L kernels launched on W streams, straight
 *   stream csan   the same through csan (what the program would pay
 *                 without graphs)
 * Prints name=value lines: microseconds per replay (per step for streams),
 * csan's added cost of each, and their ratio. Each figure is the best of 5
 * alternating rounds. Runs with FAKE_CUDA_NO_EXEC=1 (graph-replay.sh).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "csan_cuda_api.h"
#include "fake_cuda.h"

#define ROUNDS 5
#define WIDTH 8
#define LENGTH 16
#define NODES (WIDTH * LENGTH)

static const csan_host_site g_site = {"graph-replay.c", "replay", 1, 1};
static void kern(void) {}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#define CK(x)                                                                                  \
  do {                                                                                         \
    if ((x) != cudaSuccess) {                                                                  \
      fprintf(stderr, "graph-replay: %s failed\n", #x);                                        \
      exit(2);                                                                                 \
    }                                                                                          \
  } while (0)

static int *g_buf;
static cudaStream_t g_streams[WIDTH];

static cudaGraph_t make_graph(void) {
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  for (int w = 0; w < WIDTH; w++) {
    cudaGraphNode_t prev = NULL;
    for (int l = 0; l < LENGTH; l++) {
      int *p = g_buf + w * LENGTH + l;
      void *args[] = {&p};
      struct cudaKernelNodeParams kp = {(void *)kern, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
      cudaGraphNode_t n;
      CK(cudaGraphAddKernelNode(&n, g, prev ? &prev : NULL, prev ? 1 : 0, &kp));
      prev = n;
    }
  }
  return g;
}

static double replay(cudaGraphExec_t x, int csan, long n) {
  double t0 = now();
  for (long i = 0; i < n; i++)
    CK(csan ? __csan_cudaGraphLaunch(x, g_streams[0], &g_site) : cudaGraphLaunch(x, g_streams[0]));
  CK(csan ? __csan_cudaDeviceSynchronize(&g_site) : cudaDeviceSynchronize());
  return (now() - t0) / (double)n;
}

static double streams(int csan, long n) {
  dim3 g = {1, 1, 1}, b = {32, 1, 1};
  double t0 = now();
  for (long i = 0; i < n; i++)
    for (int l = 0; l < LENGTH; l++)
      for (int w = 0; w < WIDTH; w++) {
        int *p = g_buf + w * LENGTH + l;
        void *args[] = {&p};
        CK(csan ? __csan_cudaLaunchKernel((const void *)kern, g, b, args, 0, g_streams[w], &g_site)
                : cudaLaunchKernel((const void *)kern, g, b, args, 0, g_streams[w]));
      }
  CK(csan ? __csan_cudaDeviceSynchronize(&g_site) : cudaDeviceSynchronize());
  return (now() - t0) / (double)n;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000;
  fake_cuda_register_kernel((const void *)kern, "_Z4kernPi", FAKE_TWIN_OK, 1, NULL);
  CK(__csan_cudaMalloc((void **)&g_buf, NODES * sizeof(int), &g_site));
  for (int w = 0; w < WIDTH; w++)
    CK(__csan_cudaStreamCreateWithFlags(&g_streams[w], cudaStreamNonBlocking, &g_site));
  cudaGraph_t g = make_graph();
  cudaGraphExec_t plain, checked;
  CK(cudaGraphInstantiate(&plain, g, 0));
  CK(__csan_cudaGraphInstantiate(&checked, g, 0, &g_site));
  double gp = 1e9, gc = 1e9, sp = 1e9, sc = 1e9;
  for (int r = 0; r < ROUNDS; r++) {
    double t;
    if ((t = replay(plain, 0, n)) < gp)
      gp = t;
    if ((t = replay(checked, 1, n)) < gc)
      gc = t;
    if ((t = streams(0, n)) < sp)
      sp = t;
    if ((t = streams(1, n)) < sc)
      sc = t;
  }
  printf("nodes=%d\nreplays=%ld\n", NODES, n);
  printf("graph_plain_us=%.2f\ngraph_csan_us=%.2f\ngraph_added_us=%.2f\n", gp * 1e6, gc * 1e6,
         (gc - gp) * 1e6);
  printf("stream_plain_us=%.2f\nstream_csan_us=%.2f\nstream_added_us=%.2f\n", sp * 1e6,
         sc * 1e6, (sc - sp) * 1e6);
  printf("ratio=%.2f\n", (gc - gp) / (sc - sp));
  return 0;
}
