// Threads allocating, looking up and freeing at the same time keep the
// registry consistent: every lookup of a thread's own live block finds it,
// and at the end exactly the blocks not freed are live.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <pthread.h>
#include <stdio.h>

#include "csan_alloc.h"

#define THREADS 4
#define PER_THREAD 3000

static csan_allocs *g;
static unsigned g_bad[THREADS];

static void *worker(void *arg) {
  uint64_t t = (uintptr_t)arg;
  for (uint64_t i = 0; i < PER_THREAD; i++) {
    uint64_t base = 0x10000000ull * (t + 1) + i * 0x100;
    csan_alloc_info a = {.base = base, .size = 0x80};
    if (csan_allocs_add(g, &a) != 0)
      g_bad[t]++;
    csan_alloc_info f;
    if (!csan_allocs_find(g, base + 0x7f, &f) || f.base != base)
      g_bad[t]++;
    // Free every other block.
    if (i % 2 && csan_allocs_remove(g, base, NULL, NULL) != 0)
      g_bad[t]++;
  }
  return NULL;
}

static bool count(void *arg, const csan_alloc_info *a) {
  (void)a;
  ++*(size_t *)arg;
  return true;
}

int main(void) {
  g = csan_allocs_create(0);
  pthread_t th[THREADS];
  for (uintptr_t t = 0; t < THREADS; t++)
    pthread_create(&th[t], NULL, worker, (void *)t);
  unsigned bad = 0;
  for (int t = 0; t < THREADS; t++) {
    pthread_join(th[t], NULL);
    bad += g_bad[t];
  }
  size_t n = 0;
  csan_allocs_foreach(g, count, &n);
  printf("bad %u live %zu walked %zu quarantined %zu\n", bad, csan_allocs_live(g), n,
         csan_allocs_quarantined(g));
  // CHECK: bad 0 live 6000 walked 6000 quarantined 4096
  csan_allocs_destroy(g);
  return 0;
}
