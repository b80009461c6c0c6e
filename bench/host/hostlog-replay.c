/* hostlog-replay.c: the host's cost per record of kernels' accesses to host
 * memory (issue 18, the device half), against the fake CUDA library.
 *
 * One "kernel" touches n granules, one 16-byte access each (what a warp's
 * merged lanes log on a GPU: one record per granule), of mapped pinned
 * memory (pinned: each access is logged and the host replays it on its
 * shadow at the synchronization) or of device memory (device: the fake
 * checks it on its device shadow at once, as a GPU checks it in the
 * kernel). Prints the time per granule of launch + synchronize, best of
 * `reps`:
 *
 *   hostlog-replay pinned|device N REPS   ->   ns_per_granule=X
 */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "csan_abi.h"
#include "fake_cuda.h"

static void touch(void) {}
static int32_t site;

static void touch_body(const fake_launch *l) {
  char *p = *(char **)l->args[0];
  long n = *(long *)l->args[1];
  for (long i = 0; i < n; i++)
    fake_cuda_access(l, p + 16 * i, 16, CSAN_ACC_WRITE, site);
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc < 4)
    return 2;
  int pinned = !strcmp(argv[1], "pinned");
  long n = atol(argv[2]);
  int reps = atoi(argv[3]);
  site = fake_cuda_site("k.cu", 5, 3, "_Z5touchPcl", CSAN_ACC_WRITE, 16);
  fake_cuda_register_kernel((const void *)touch, "_Z5touchPcl", FAKE_TWIN_OK, 2, touch_body);
  char *p;
  if ((pinned ? cudaHostAlloc((void **)&p, 16 * n, cudaHostAllocMapped)
              : cudaMalloc((void **)&p, 16 * n)) != cudaSuccess)
    return 2;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  void *args[] = {&p, &n};
  dim3 g = {1, 1, 1}, b = {32, 1, 1};
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = now();
    if (cudaLaunchKernel((const void *)touch, g, b, args, 0, s) != cudaSuccess ||
        cudaStreamSynchronize(s) != cudaSuccess)
      return 2;
    double t = now() - t0;
    if (t < best)
      best = t;
  }
  printf("ns_per_granule=%.1f\n", best / (double)n);
  return 0;
}
