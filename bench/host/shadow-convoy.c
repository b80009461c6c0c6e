/* shadow-convoy.c: the granule-lock convoy of the shadow engine on the CPU
 * (issue 14). T threads of one launch write the same 16 bytes of each of
 * G granules from one site at the same time (the blocks of a kernel that
 * all update the same doubles), every round a new launch of the stream
 * (ordered after the last), so every granule is touched for the first time
 * by every round. Each access is the GPU's: the fast check on the two
 * cells, on a miss csan_shadow_update. Counted per thread, summed: misses
 * (slow paths entered), locks taken (csan_sh_lock's successful acquire
 * CAS), pauses while waiting; the best round's time.
 *
 * The engine comes from the -I path it is built with (csan_shadow.h), under
 * a platform layer of its own: the CPU layer's atomics plus the counters.
 *
 *   shadow-convoy THREADS GRANULES ROUNDS
 * prints one line: threads= granules= rounds= misses= locks= pauses= best_us=
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "csan_abi.h"

static _Thread_local uint64_t n_locks, n_pauses;

#define CSAN_SH_FN static inline __attribute__((unused))
#define A64(p) ((_Atomic uint64_t *)(uintptr_t)(p))
#define A32(p) ((_Atomic uint32_t *)(uintptr_t)(p))
static inline uint64_t csan_sh_load64(const uint64_t *p) { return atomic_load_explicit(A64(p), memory_order_relaxed); }
static inline uint64_t csan_sh_load64_acquire(const uint64_t *p) { return atomic_load_explicit(A64(p), memory_order_acquire); }
static inline void csan_sh_load_cells(const uint64_t *p, uint64_t *a, uint64_t *b) {
  *a = atomic_load_explicit(A64(p), memory_order_relaxed);
  *b = atomic_load_explicit(A64(p + 1), memory_order_relaxed);
}
static inline uint64_t csan_sh_load_dir(const uint64_t *p) { return atomic_load_explicit(A64(p), memory_order_acquire); }
static inline void csan_sh_store64(uint64_t *p, uint64_t v) { atomic_store_explicit(A64(p), v, memory_order_relaxed); }
static inline void csan_sh_store64_release(uint64_t *p, uint64_t v) { atomic_store_explicit(A64(p), v, memory_order_release); }
/* Only csan_sh_lock uses the acquire CAS: a success is a lock taken. */
static inline uint64_t csan_sh_cas64_acquire(uint64_t *p, uint64_t e, uint64_t d) {
  if (atomic_compare_exchange_strong_explicit(A64(p), &e, d, memory_order_acquire, memory_order_relaxed))
    n_locks++;
  return e;
}
static inline uint64_t csan_sh_cas64_acq_rel(uint64_t *p, uint64_t e, uint64_t d) {
  atomic_compare_exchange_strong_explicit(A64(p), &e, d, memory_order_acq_rel, memory_order_acquire);
  return e;
}
static inline uint64_t csan_sh_fetch_add64(uint64_t *p, uint64_t v) { return atomic_fetch_add_explicit(A64(p), v, memory_order_relaxed); }
static inline void csan_sh_min64(uint64_t *p, uint64_t v) {
  uint64_t o = csan_sh_load64(p);
  while (v < o && !atomic_compare_exchange_weak_explicit(A64(p), &o, v, memory_order_relaxed, memory_order_relaxed)) {
  }
}
static inline void csan_sh_max64(uint64_t *p, uint64_t v) {
  uint64_t o = csan_sh_load64(p);
  while (v > o && !atomic_compare_exchange_weak_explicit(A64(p), &o, v, memory_order_relaxed, memory_order_relaxed)) {
  }
}
static inline uint32_t csan_sh_load32(const uint32_t *p) { return atomic_load_explicit(A32(p), memory_order_relaxed); }
static inline uint32_t csan_sh_load32_acquire(const uint32_t *p) { return atomic_load_explicit(A32(p), memory_order_acquire); }
static inline void csan_sh_store32(uint32_t *p, uint32_t v) { atomic_store_explicit(A32(p), v, memory_order_relaxed); }
static inline void csan_sh_store32_release(uint32_t *p, uint32_t v) { atomic_store_explicit(A32(p), v, memory_order_release); }
static inline uint32_t csan_sh_fetch_add32(uint32_t *p, uint32_t v) { return atomic_fetch_add_explicit(A32(p), v, memory_order_relaxed); }
/* The CPU layer's backoff (rt_host/core/csan_shadow_cpu_platform.h). */
static inline void csan_sh_pause(uint32_t round) {
  n_pauses++;
  if (round < 16) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  } else {
    sched_yield();
  }
}
static inline void csan_sh_default_who(csan_race *e) { memset(e->block, 0, sizeof e->block + sizeof e->thread); }
#include "csan_shadow.h"

#define GADDR0 0x7f0000000000ull /* page-aligned: granule g is page granule g */

static uint64_t page;
static uint32_t granules;
static csan_launch_ctx ctx;
static pthread_barrier_t start, done;
static atomic_ullong misses, locks, pauses;

static void *run(void *arg) {
  int rounds = *(int *)arg;
  for (int r = 0; r < rounds; r++) {
    pthread_barrier_wait(&start);
    uint64_t m = 0;
    n_locks = n_pauses = 0;
    csan_sh_cover cov = csan_sh_cover_make(csan_sh_launch_bits(&ctx), 0xffff, CSAN_ACC_WRITE);
    for (uint32_t g = 0; g < granules; g++) {
      uint64_t gaddr = GADDR0 + 16ull * g, c0, c1;
      csan_sh_load_cells(csan_sh_tags(page, gaddr), &c0, &c1);
      if (csan_sh_covered(c0, c1, cov))
        continue;
      m++;
      csan_shadow_update(&ctx, page, gaddr, 0xffff, CSAN_ACC_WRITE, 32, 16, NULL);
    }
    atomic_fetch_add(&misses, m);
    atomic_fetch_add(&locks, n_locks);
    atomic_fetch_add(&pauses, n_pauses);
    pthread_barrier_wait(&done);
  }
  return NULL;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 8;
  granules = argc > 2 ? (uint32_t)atoi(argv[2]) : 4096;
  int rounds = argc > 3 ? atoi(argv[3]) : 20;
  if (threads < 1 || threads > 256 || !granules || granules > CSAN_GRANULES_PER_PAGE || rounds < 1) {
    fprintf(stderr, "usage: shadow-convoy THREADS GRANULES ROUNDS\n");
    return 2;
  }
  void *mem = calloc(1, CSAN_PAGE_SHADOW_BYTES); /* tracked, no records */
  if (!mem)
    return 1;
  page = (uint64_t)(uintptr_t)mem;
  memset(&ctx, 0, sizeof ctx);
  ctx.slot = 1;
  pthread_barrier_init(&start, NULL, (unsigned)threads + 1);
  pthread_barrier_init(&done, NULL, (unsigned)threads + 1);
  pthread_t *t = calloc((size_t)threads, sizeof *t);
  for (int i = 0; i < threads; i++)
    pthread_create(&t[i], NULL, run, &rounds);
  double best = 1e9;
  for (int r = 0; r < rounds; r++) {
    /* The stream's next launch, ordered after the previous one. */
    ctx.epoch = (csan_epoch_t)(r + 1);
    ctx.vc[1] = (csan_epoch_t)r;
    double t0 = now();
    pthread_barrier_wait(&start);
    pthread_barrier_wait(&done);
    double dt = now() - t0;
    if (dt < best)
      best = dt;
  }
  for (int i = 0; i < threads; i++)
    pthread_join(t[i], NULL);
  printf("threads=%d granules=%u rounds=%d misses=%llu locks=%llu pauses=%llu best_us=%.1f\n",
         threads, granules, rounds, (unsigned long long)misses, (unsigned long long)locks,
         (unsigned long long)pauses, best * 1e6);
  free(t);
  free(mem);
  return 0;
}
