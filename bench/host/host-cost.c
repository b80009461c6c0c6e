/* host-cost.c: what csan adds on the host, per call, without a GPU.
 *
 * Runs against the fake CUDA library (test/fake), which does the CUDA side
 * on the CPU, so the difference between a call through csan's wrapper and
 * the same call straight to the fake is csan's own host cost: modelling,
 * registering the operation, the issuing stack, the twin launch path.
 * Calls are made from a few frames deep, as from a real program.
 *
 *   host-cost launch N     N kernel launches, through csan and straight
 *   host-cost copy N       N cudaMemcpyAsync device to device, both ways
 *   host-cost events N     N live events, each recorded once: bytes each
 *
 * Prints one `name=value` line per figure (bench/host-cost.sh reads them).
 * Each timing is the best of 9 rounds; csan and plain rounds alternate so
 * the machine's drift hits both.
 */
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "csan_cuda_api.h"
#include "fake_cuda.h"

#define ROUNDS 9
#define DEPTH 8 /* frames between main and the CUDA call */

static const csan_host_site g_site = {"host-cost.c", "issue", 1, 1};
static void kern(void) {}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct job {
  int csan;
  long n;
  cudaStream_t s;
  void *a, *b;
  int copy;
} job;

static void issue(const job *j) {
  dim3 g = {1, 1, 1}, bl = {32, 1, 1};
  for (long i = 0; i < j->n; i++) {
    cudaError_t e;
    if (j->copy)
      e = j->csan ? __csan_cudaMemcpyAsync(j->b, j->a, 256, cudaMemcpyDeviceToDevice, j->s, &g_site)
                  : cudaMemcpyAsync(j->b, j->a, 256, cudaMemcpyDeviceToDevice, j->s);
    else
      e = j->csan ? __csan_cudaLaunchKernel((const void *)kern, g, bl, NULL, 0, j->s, &g_site)
                  : cudaLaunchKernel((const void *)kern, g, bl, NULL, 0, j->s);
    if (e != cudaSuccess) {
      fprintf(stderr, "host-cost: call failed: %d\n", (int)e);
      exit(2);
    }
  }
}

/* DEPTH frames deep, so the issuing stack has the depth of a real one. */
__attribute__((noinline)) static void nest(const job *j, int depth) {
  if (depth == 0)
    issue(j);
  else
    nest(j, depth - 1);
  __asm__ volatile("" ::: "memory"); /* not a tail call */
}

static double timed(job *j) {
  double t0 = now();
  nest(j, DEPTH);
  if (j->csan)
    __csan_cudaStreamSynchronize(j->s, &g_site);
  else
    cudaStreamSynchronize(j->s);
  return now() - t0;
}

static void per_call(const char *what, int copy, long n) {
  job j = {0, n, NULL, NULL, NULL, copy};
  __csan_cudaStreamCreateWithFlags(&j.s, cudaStreamNonBlocking, &g_site);
  __csan_cudaMalloc(&j.a, 256, &g_site);
  __csan_cudaMalloc(&j.b, 256, &g_site);
  double best[2] = {1e30, 1e30};
  for (int r = 0; r < ROUNDS; r++)
    for (int c = 0; c < 2; c++) {
      j.csan = c;
      double t = timed(&j);
      if (t < best[c])
        best[c] = t;
    }
  printf("%s_plain_us=%.3f\n", what, best[0] / (double)n * 1e6);
  printf("%s_csan_us=%.3f\n", what, best[1] / (double)n * 1e6);
  printf("%s_added_us=%.3f\n", what, (best[1] - best[0]) / (double)n * 1e6);
  printf("%s_ratio=%.2f\n", what, best[1] / best[0]);
}

static size_t heap_bytes(void) {
  struct mallinfo2 mi = mallinfo2();
  return mi.uordblks + mi.hblkhd;
}

static void events(long n) {
  cudaStream_t s;
  __csan_cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking, &g_site);
  cudaEvent_t *ev = malloc((size_t)n * sizeof *ev);
  /* The fake's own events are counted apart: they are CUDA's, not csan's. */
  size_t before = heap_bytes();
  for (long i = 0; i < n; i++)
    cudaEventCreate(&ev[i]);
  size_t fake_only = heap_bytes() - before;
  for (long i = 0; i < n; i++)
    cudaEventDestroy(ev[i]);
  before = heap_bytes();
  for (long i = 0; i < n; i++) {
    __csan_cudaEventCreate(&ev[i], &g_site);
    __csan_cudaEventRecord(ev[i], s, &g_site);
  }
  size_t with_csan = heap_bytes() - before;
  printf("events=%ld\n", n);
  printf("event_bytes_csan=%.1f\n", (double)(with_csan - fake_only) / (double)n);
  for (long i = 0; i < n; i++)
    __csan_cudaEventDestroy(ev[i], &g_site);
  free(ev);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: host-cost launch|copy|events N\n");
    return 2;
  }
  long n = atol(argv[2]);
  fake_cuda_register_kernel((const void *)kern, "_Z4kernv", FAKE_TWIN_OK, 0, NULL);
  if (!strcmp(argv[1], "launch"))
    per_call("launch", 0, n);
  else if (!strcmp(argv[1], "copy"))
    per_call("copy", 1, n);
  else if (!strcmp(argv[1], "events"))
    events(n);
  else
    return 2;
  return 0;
}
