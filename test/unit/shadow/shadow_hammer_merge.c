// Concurrency: sixteen threads of one launch each write one byte of every
// granule of a buffer at the same time, from one site (one instruction run
// by sixteen threads); the merged record of each granule must end with all
// sixteen bytes (no lost mask bits) and no race. With
// even threads writing and odd threads reading, each granule ends with one
// write record of the even bytes and one read record of the odd bytes.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <pthread.h>

#include "../Inputs/shadow_test.h"

#define GRANULES 1024
#define THREADS 16

typedef struct job {
  launch *l;
  uint64_t base;
  int lane;
  int mixed;
} job;

static pthread_barrier_t start;

static void *run(void *p) {
  job *j = p;
  pthread_barrier_wait(&start);
  uint32_t kind = (j->mixed && (j->lane & 1)) ? R : W;
  for (int g = 0; g < GRANULES; g++)
    acc(j->l, j->base + 16 * (uint64_t)g + (uint64_t)j->lane, 1, kind, kind == W ? 100 : 101);
  return NULL;
}

static void phase(launch *l, uint64_t base, int mixed) {
  pthread_t t[THREADS];
  job jobs[THREADS];
  pthread_barrier_init(&start, NULL, THREADS);
  for (int i = 0; i < THREADS; i++) {
    jobs[i].l = l;
    jobs[i].base = base;
    jobs[i].lane = i;
    jobs[i].mixed = mixed;
    pthread_create(&t[i], NULL, run, &jobs[i]);
  }
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  pthread_barrier_destroy(&start);
}

static void check(const char *label, uint64_t base, int mixed) {
  int bad = 0;
  for (int g = 0; g < GRANULES; g++) {
    csan_tag_t t[4];
    int n = csan_shadow_cpu_records(sh, base + 16 * (uint64_t)g, t, NULL, 4, NULL);
    if (!mixed) {
      bad += n != 1 || CSAN_TAG_GET_MASK(t[0]) != 0xffff;
    } else {
      uint32_t wmask = 0, rmask = 0;
      for (int i = 0; i < n && i < 4; i++) {
        if (CSAN_TAG_GET_KIND(t[i]) == CSAN_TAG_WRITE)
          wmask |= CSAN_TAG_GET_MASK(t[i]);
        else
          rmask |= CSAN_TAG_GET_MASK(t[i]);
      }
      bad += n != 2 || wmask != 0x5555 || rmask != 0xaaaa;
    }
  }
  uint32_t used;
  csan_shadow_cpu_races(sh, NULL, 0, &used, NULL);
  printf("%s: granules with lost bytes %d, races %u\n", label, bad, used);
}

int main(void) {
  setup(64, 64);
  uint64_t second = BASE + 16 * GRANULES;
  track(BASE, 2 * 16 * GRANULES);
  launch a = mk(1, 1);
  phase(&a, BASE, 0);
  check("all writes", BASE, 0);
  // CHECK: all writes: granules with lost bytes 0, races 0
  launch b = mk(2, 1);
  phase(&b, second, 1);
  check("writes and reads", second, 1);
  // CHECK: writes and reads: granules with lost bytes 0, races 0
  csan_shadow_cpu_destroy(sh);
  return 0;
}
