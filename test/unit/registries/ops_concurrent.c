// Threads adding to their own slots and to one shared slot at the same time
// lose nothing, also while the rings grow under them: afterwards every
// operation is found with its own fields.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <pthread.h>
#include <stdio.h>

#include "csan_ops.h"

#define THREADS 4
#define PER_THREAD 5000

static csan_ops *g_ops;

static void *worker(void *arg) {
  uint32_t t = (uint32_t)(uintptr_t)arg;
  for (uint32_t i = 1; i <= PER_THREAD; i++) {
    csan_op_info own = {.op_id = t * 100000u + i, .slot = 10 + t, .epoch = i, .what = "own"};
    csan_ops_add(g_ops, &own);
    // The shared slot: thread t owns epochs t+1, t+1+THREADS, ...
    csan_op_info shared = {.op_id = i * THREADS + t + 1, .slot = 200,
                           .epoch = (i - 1) * THREADS + t + 1, .what = "shared"};
    csan_ops_add(g_ops, &shared);
  }
  return NULL;
}

int main(void) {
  g_ops = csan_ops_create();
  pthread_t th[THREADS];
  for (uintptr_t t = 0; t < THREADS; t++)
    pthread_create(&th[t], NULL, worker, (void *)t);
  for (int t = 0; t < THREADS; t++)
    pthread_join(th[t], NULL);
  unsigned ok = 0, bad = 0;
  for (uint32_t t = 0; t < THREADS; t++)
    for (uint32_t i = 1; i <= PER_THREAD; i++) {
      csan_op_info o;
      if (csan_ops_find(g_ops, 10 + t, i, &o) && o.op_id == t * 100000u + i)
        ok++;
      else
        bad++;
      uint32_t e = (i - 1) * THREADS + t + 1;
      if (csan_ops_find(g_ops, 200, e, &o) && o.op_id == i * THREADS + t + 1)
        ok++;
      else
        bad++;
    }
  printf("ok %u bad %u\n", ok, bad);
  // CHECK: ok 40000 bad 0
  csan_ops_destroy(g_ops);
  return 0;
}
