/* load.c: csan under load, without a GPU (the fake CUDA library of the test
 * tree runs the device side on the CPU). Each scenario knows how many races
 * csan must report and checks it (csan_race_count); bench/host/load.sh runs
 * them all and prints time, peak memory and the verdict.
 *
 *   load launches N   N launches: a writer on s1 and a reader on s2 in turn,
 *                     with no wait between them: 2 races (write-read and
 *                     read-write, one site pair each), however many times
 *   load streams N    N streams created and destroyed, each running a
 *                     writer or a reader of one buffer in turn, with no
 *                     wait: 3 races (write-write, write-read, read-write)
 *   load events N     N live events, each recorded once and waited for in a
 *                     chain that orders everything: no race
 *   load threads N    N host threads, each with its own streams, buffer and
 *                     pair of sites, racing 100 times: N races
 *   load races N      N distinct races: N pairs of sites, each pair racing
 *                     once on its own 16 bytes: N races
 *
 * A kernel here is one stub whose arguments say what it does: (pointer,
 * site, access), so any number of sites can be used.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "csan_cuda_api.h"
#include "fake_cuda.h"

unsigned long long __csan_race_count(void);

static const csan_host_site g_site = {"load.c", "main", 1, 1};

static void kern(void) {}

static void kern_body(const fake_launch *l) {
  void *p = *(void **)l->args[0];
  int32_t site = *(int32_t *)l->args[1];
  uint32_t access = *(uint32_t *)l->args[2];
  fake_cuda_access(l, p, 4, access, site);
}

static void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    fprintf(stderr, "load: %s failed: %d\n", what, (int)e);
    exit(2);
  }
}

static cudaStream_t stream(void) {
  cudaStream_t s;
  check(__csan_cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking, &g_site), "stream");
  return s;
}

static void *dev(size_t n) {
  void *p;
  check(__csan_cudaMalloc(&p, n, &g_site), "cudaMalloc");
  return p;
}

static void launch(cudaStream_t s, void *p, int32_t site, uint32_t access) {
  void *args[] = {&p, &site, &access};
  dim3 g = {1, 1, 1}, b = {1, 1, 1};
  check(__csan_cudaLaunchKernel((const void *)kern, g, b, args, 0, s, &g_site), "launch");
}

static void sync_all(void) {
  check(__csan_cudaDeviceSynchronize(&g_site), "cudaDeviceSynchronize");
}

static int32_t site(unsigned line, uint32_t access) {
  return fake_cuda_site("load.cu", line, 5, "_Z4kernPvij", access, 4);
}

/* ---- scenarios ------------------------------------------------------------ */

static unsigned long long launches(long n) {
  int32_t w = site(10, CSAN_ACC_WRITE), r = site(20, CSAN_ACC_READ);
  cudaStream_t s1 = stream(), s2 = stream();
  void *buf = dev(16);
  for (long i = 0; i < n / 2; i++) {
    launch(s1, buf, w, CSAN_ACC_WRITE);
    launch(s2, buf, r, CSAN_ACC_READ); /* no wait for the writer */
    if (i % 10000 == 9999)
      sync_all();
  }
  sync_all();
  return n >= 4 ? 2 : 1;
}

static unsigned long long streams(long n) {
  int32_t w = site(10, CSAN_ACC_WRITE), r = site(20, CSAN_ACC_READ);
  void *buf = dev(16);
  for (long i = 0; i < n; i++) {
    cudaStream_t s = stream();
    if (i % 2)
      launch(s, buf, r, CSAN_ACC_READ);
    else
      launch(s, buf, w, CSAN_ACC_WRITE);
    check(__csan_cudaStreamDestroy(s, &g_site), "cudaStreamDestroy");
    if (i % 1000 == 999)
      sync_all();
  }
  sync_all();
  return 3;
}

static unsigned long long events(long n) {
  int32_t w = site(10, CSAN_ACC_WRITE), r = site(20, CSAN_ACC_READ);
  cudaStream_t s1 = stream(), s2 = stream();
  void *buf = dev(16);
  cudaEvent_t *ev = malloc((size_t)n * sizeof *ev);
  for (long i = 0; i < n; i++)
    check(__csan_cudaEventCreateWithFlags(&ev[i], cudaEventDisableTiming, &g_site), "event");
  /* A ping-pong: each kernel waits for the other stream's last record. */
  for (long i = 0; i + 1 < n; i += 2) {
    launch(s1, buf, w, CSAN_ACC_WRITE);
    check(__csan_cudaEventRecord(ev[i], s1, &g_site), "record");
    check(__csan_cudaStreamWaitEvent(s2, ev[i], 0, &g_site), "wait");
    launch(s2, buf, r, CSAN_ACC_READ);
    check(__csan_cudaEventRecord(ev[i + 1], s2, &g_site), "record");
    check(__csan_cudaStreamWaitEvent(s1, ev[i + 1], 0, &g_site), "wait");
  }
  sync_all();
  printf("live_events=%ld\n", n);
  for (long i = 0; i < n; i++)
    check(__csan_cudaEventDestroy(ev[i], &g_site), "cudaEventDestroy");
  free(ev);
  return 0;
}

typedef struct tjob {
  int32_t w, r;
} tjob;

static void *thread_main(void *arg) {
  const tjob *j = arg;
  cudaStream_t s1 = stream(), s2 = stream();
  void *buf = dev(16);
  for (int k = 0; k < 100; k++) {
    launch(s1, buf, j->w, CSAN_ACC_WRITE);
    launch(s2, buf, j->r, CSAN_ACC_READ);
    check(__csan_cudaStreamSynchronize(s2, &g_site), "sync");
    check(__csan_cudaStreamSynchronize(s1, &g_site), "sync");
  }
  return NULL;
}

static unsigned long long threads(long n) {
  pthread_t *t = malloc((size_t)n * sizeof *t);
  tjob *jobs = malloc((size_t)n * sizeof *jobs);
  for (long i = 0; i < n; i++) {
    jobs[i].w = site((unsigned)(100 + 2 * i), CSAN_ACC_WRITE);
    jobs[i].r = site((unsigned)(101 + 2 * i), CSAN_ACC_READ);
  }
  for (long i = 0; i < n; i++)
    pthread_create(&t[i], NULL, thread_main, &jobs[i]);
  for (long i = 0; i < n; i++)
    pthread_join(t[i], NULL);
  free(t);
  free(jobs);
  return (unsigned long long)n;
}

static unsigned long long races(long n) {
  /* n pairs from W write sites and R read sites: pair i is (i / R, i % R). */
  long nr = 1;
  while (nr * nr < n)
    nr++;
  long nw = (n + nr - 1) / nr;
  int32_t *ws = malloc((size_t)nw * sizeof *ws), *rs = malloc((size_t)nr * sizeof *rs);
  for (long i = 0; i < nw; i++)
    ws[i] = site((unsigned)(1000 + i), CSAN_ACC_WRITE);
  for (long i = 0; i < nr; i++)
    rs[i] = site((unsigned)(5000 + i), CSAN_ACC_READ);
  cudaStream_t s1 = stream(), s2 = stream();
  char *buf = dev((size_t)n * 16);
  for (long i = 0; i < n; i++) {
    launch(s1, buf + 16 * i, ws[i / nr], CSAN_ACC_WRITE);
    launch(s2, buf + 16 * i, rs[i % nr], CSAN_ACC_READ);
    if (i % 1000 == 999)
      sync_all();
  }
  sync_all();
  free(ws);
  free(rs);
  return (unsigned long long)n;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: load launches|streams|events|threads|races N\n");
    return 2;
  }
  long n = atol(argv[2]);
  fake_cuda_register_kernel((const void *)kern, "_Z4kernPvij", FAKE_TWIN_OK, 3, kern_body);
  double t0 = now();
  unsigned long long want;
  if (!strcmp(argv[1], "launches"))
    want = launches(n);
  else if (!strcmp(argv[1], "streams"))
    want = streams(n);
  else if (!strcmp(argv[1], "events"))
    want = events(n);
  else if (!strcmp(argv[1], "threads"))
    want = threads(n);
  else if (!strcmp(argv[1], "races"))
    want = races(n);
  else
    return 2;
  double t = now() - t0;
  unsigned long long got = __csan_race_count();
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  printf("scenario=%s\nn=%ld\nseconds=%.2f\nraces=%llu\nexpected=%llu\nmaxrss_mb=%.1f\nok=%d\n",
         argv[1], n, t, got, want, (double)ru.ru_maxrss / 1024.0, got == want);
  fflush(stdout);
  return 0;
}
