/* host-access.c: what csan's host access checks (-csan-host-accesses) cost
 * host code (issue 18), against the fake CUDA library.
 *
 * Between launches the host runs two loops: one over ordinary memory
 * (malloc), one over a pinned buffer (cudaMallocHost). Each loop reads and
 * writes every int of its buffer (a[i] = a[i] * 3 + 1). The program is
 * built twice by host-access.sh, with and without the checks; this prints
 * the best time per element of each loop over `rounds` rounds (the launch
 * of a kernel the fake does not know fails; the host side runs all the
 * same).
 *
 *   host-access ROUNDS N       (N ints per buffer)
 */
#include <cuda_runtime_api.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* noinline: the loops are what is measured, each once per round. */
__attribute__((noinline)) static void touch(int *a, long n) {
  for (long i = 0; i < n; i++)
    a[i] = a[i] * 3 + 1;
}

static void kernel_stub(void) {}

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 20;
  long n = argc > 2 ? atol(argv[2]) : 1 << 20;
  int *ordinary = calloc(n, sizeof *ordinary), *pinned;
  if (!ordinary || cudaMallocHost((void **)&pinned, n * sizeof *pinned) != cudaSuccess)
    return 1;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  int *dev;
  cudaMalloc((void **)&dev, 64);
  /* Two phases, each a launch and a copy into the pinned buffer (so it has
   * device records) then one loop, per round: the ordinary loop's rounds
   * first, so the pinned loop's shadow traffic does not evict the ordinary
   * buffer from the caches between its rounds. */
  double best[2] = {1e9, 1e9};
  for (int phase = 0; phase < 2; phase++) {
    int *a = phase ? pinned : ordinary;
    for (int r = 0; r < rounds; r++) {
      void *args[] = {&dev};
      dim3 g = {1, 1, 1}, b = {32, 1, 1};
      cudaLaunchKernel((const void *)kernel_stub, g, b, args, 0, s);
      (void)cudaGetLastError(); /* the fake's failed launch, read (not a csan warning) */
      cudaMemcpyAsync(pinned, dev, 64, cudaMemcpyDeviceToHost, s);
      cudaStreamSynchronize(s);
      double t0 = now();
      touch(a, n);
      double t = now() - t0;
      if (t < best[phase])
        best[phase] = t;
    }
  }
  double best_ord = best[0], best_pin = best[1];
  printf("ordinary_ns=%.3f\npinned_ns=%.3f\ncheck=%d\n", best_ord * 1e9 / n, best_pin * 1e9 / n,
         ordinary[n - 1] + pinned[n - 1]);
  cudaFreeHost(pinned);
  free(ordinary);
  return 0;
}
