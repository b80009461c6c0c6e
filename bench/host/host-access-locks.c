/* host-access-locks.c: what csan's interposed lock calls cost a program
 * (issue 18): N pthread_mutex_lock/unlock pairs on one mutex in one thread,
 * best of `rounds`. Built plainly (no csan runtime: the C library's
 * functions) and with csan-clang (csan's interposers), run with and without
 * a pinned region (the clocks are passed only once one exists).
 *
 *   host-access-locks ROUNDS N [pinned]
 */
#include <cuda_runtime_api.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static volatile long counter;

int main(int argc, char **argv) {
  int rounds = argc > 1 ? atoi(argv[1]) : 5;
  long n = argc > 2 ? atol(argv[2]) : 1000000;
  if (argc > 3 && !strcmp(argv[3], "pinned")) {
    int *p;
    if (cudaMallocHost((void **)&p, 4096) != cudaSuccess)
      return 1;
    p[0] = 1; /* this thread's clock starts */
  }
  double best = 1e9;
  for (int r = 0; r < rounds; r++) {
    double t0 = now();
    for (long i = 0; i < n; i++) {
      pthread_mutex_lock(&mu);
      counter++;
      pthread_mutex_unlock(&mu);
    }
    double t = now() - t0;
    if (t < best)
      best = t;
  }
  printf("pair_ns=%.2f\n", best * 1e9 / n);
  return 0;
}
