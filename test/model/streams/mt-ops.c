// Several threads issue operations at once: on their own stream, on one
// shared stream, with event records and waits between them, while another
// thread synchronizes the host. Per-stream epochs stay dense and in issue
// order, op ids are unique, every operation's clock covers its stream's
// previous operation, and event waits order as in a single thread.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <pthread.h>
#include <stdatomic.h>

#include "../Inputs/model_test.h"

#define THREADS 4
#define ITERS 2000
#define SHARED ((csan_key)0x5000)

static csan_model *m;
static csan_epoch_t shared_epochs[THREADS][ITERS];
static uint64_t shared_ids[THREADS][ITERS];
static uint64_t own_ids[THREADS][ITERS];
static int failures[THREADS];
static atomic_int stop_sync;

static void *worker(void *arg) {
  int t = (int)(intptr_t)arg;
  csan_key own = 0x100 + (csan_key)t, ev = 0xe00 + (csan_key)t;
  csan_op prev = mt_op(m, own), cur, sh;
  own_ids[t][0] = prev.op_id;
  for (int i = 1; i < ITERS; i++) {
    cur = mt_op(m, own);
    own_ids[t][i] = cur.op_id;
    // Only this thread issues on `own`: epochs are 1, 2, ... and each
    // operation is ordered after the previous one.
    if (cur.epoch != (csan_epoch_t)i + 1 || cur.vc.c[cur.slot] != cur.epoch - 1 ||
        !mt_ordered(&prev, &cur))
      failures[t]++;
    if (i % 50 == 0) {
      MT_OK(csan_model_event_record(m, ev, own));
      MT_OK(csan_model_stream_wait_event(m, SHARED, ev));
    }
    MT_OK(csan_model_op(m, SHARED, &sh));
    shared_epochs[t][i] = sh.epoch;
    shared_ids[t][i] = sh.op_id;
    if (sh.vc.c[sh.slot] != sh.epoch - 1)
      failures[t]++;
    // After this thread's record + wait, its shared op follows `cur`.
    if (i % 50 == 0 && !mt_ordered(&cur, &sh))
      failures[t]++;
    prev = cur;
  }
  return NULL;
}

static void *syncer(void *arg) {
  (void)arg;
  while (!atomic_load(&stop_sync)) {
    csan_model_host_wait_device(m);
    (void)csan_model_stream_exists(m, SHARED);
  }
  return NULL;
}

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

int main(void) {
  m = mt_model();
  mt_stream(m, SHARED, CSAN_STREAM_NONBLOCKING);
  for (int t = 0; t < THREADS; t++) {
    mt_stream(m, 0x100 + (csan_key)t, t % 2 ? CSAN_STREAM_BLOCKING : CSAN_STREAM_NONBLOCKING);
    mt_event(m, 0xe00 + (csan_key)t);
  }
  pthread_t th[THREADS], sy;
  pthread_create(&sy, NULL, syncer, NULL);
  for (int t = 0; t < THREADS; t++)
    pthread_create(&th[t], NULL, worker, (void *)(intptr_t)t);
  for (int t = 0; t < THREADS; t++)
    pthread_join(th[t], NULL);
  atomic_store(&stop_sync, 1);
  pthread_join(sy, NULL);

  int fails = 0;
  for (int t = 0; t < THREADS; t++)
    fails += failures[t];
  // CHECK: per-thread failures 0
  printf("per-thread failures %d\n", fails);

  // Shared stream: epochs 1..N exactly once, and op ids grow with epochs
  // (epoch order is issue order).
  enum { N = THREADS * (ITERS - 1) };
  static uint64_t pairs[N];
  int k = 0;
  for (int t = 0; t < THREADS; t++)
    for (int i = 1; i < ITERS; i++)
      pairs[k++] = ((uint64_t)shared_epochs[t][i] << 32) | (shared_ids[t][i] & 0xffffffffu);
  qsort(pairs, N, sizeof pairs[0], cmp_u64);
  int dense = 1, monotonic = 1;
  for (int i = 0; i < N; i++) {
    if ((pairs[i] >> 32) != (uint64_t)i + 1)
      dense = 0;
    if (i && (pairs[i] & 0xffffffffu) <= (pairs[i - 1] & 0xffffffffu))
      monotonic = 0;
  }
  // CHECK: shared epochs dense 1 ids follow epochs 1
  printf("shared epochs dense %d ids follow epochs %d\n", dense, monotonic);

  // All op ids: unique and exactly 1..total.
  enum { TOTAL = THREADS * ITERS + N };
  static uint64_t ids[TOTAL];
  k = 0;
  for (int t = 0; t < THREADS; t++)
    for (int i = 0; i < ITERS; i++) {
      ids[k++] = own_ids[t][i];
      if (i)
        ids[k++] = shared_ids[t][i];
    }
  qsort(ids, TOTAL, sizeof ids[0], cmp_u64);
  int ids_dense = 1;
  for (int i = 0; i < TOTAL; i++)
    if (ids[i] != (uint64_t)i + 1)
      ids_dense = 0;
  // CHECK: op ids dense 1
  printf("op ids dense %d\n", ids_dense);

  // Final clocks: each stream's clock ends at its last epoch.
  csan_vc vc;
  MT_OK(csan_model_stream_clock(m, SHARED, &vc));
  int final_ok = vc.c[mt_slot(m, SHARED)] == N;
  for (int t = 0; t < THREADS; t++) {
    MT_OK(csan_model_stream_clock(m, 0x100 + (csan_key)t, &vc));
    final_ok &= vc.c[mt_slot(m, 0x100 + (csan_key)t)] == ITERS;
  }
  // CHECK: final clocks 1
  printf("final clocks %d\n", final_ok);
  csan_model_destroy(m);
  return 0;
}
