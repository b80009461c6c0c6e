// Clocks passed through the program's locks (csan_hostmem_sync.c): a
// thread that acquires a lock gets what the thread that released it knew;
// a thread without a clock of its own passes on what it acquired (a relay
// that never touched CUDA); a thread that ended is acquired once, by its
// joiner; a clock released before an epoch rebase orders nothing after it.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <pthread.h>
#include <stdio.h>

#include "csan_hostmem_sync.h"
#include "csan_model.h"

static csan_model *m;
static csan_hostsync *sync_tab;
static csan_key s = 0x100;
static uint32_t slot;
enum { LOCK_A = 0x1000, LOCK_B = 0x2000, THREAD_END = 0x3001 };

static void *syncer(void *arg) {
  (void)arg;
  csan_model_host_wait_stream(m, s); // observes the stream's two operations
  csan_hostsync_release(sync_tab, m, LOCK_A, false);
  return NULL;
}

static void *relay(void *arg) {
  (void)arg;
  uint64_t gen, window;
  printf("relay knows %s\n", csan_model_thread_known(m, &gen, &window) ? "something" : "nothing");
  csan_hostsync_acquire(sync_tab, m, LOCK_A, false);
  const csan_vc *k = csan_model_thread_known(m, &gen, &window);
  printf("relay passes %u\n", k ? k->c[slot] : 0);
  csan_hostsync_release(sync_tab, m, LOCK_B, false);
  csan_hostsync_release(sync_tab, m, THREAD_END, true);
  return NULL;
}

static void *late(void *arg) {
  (void)arg;
  csan_model_thread_clock(m, NULL);
  return NULL;
}

int main(void) {
  m = csan_model_create();
  sync_tab = csan_hostsync_create(4);
  csan_model_stream_create(m, s, CSAN_STREAM_NONBLOCKING);
  csan_model_stream_slot(m, s, &slot);
  printf("main starts at %u\n", csan_model_thread_clock(m, NULL)->c[slot]);
  // CHECK: main starts at 0
  csan_op op;
  csan_model_op(m, s, &op);
  csan_model_op(m, s, &op);
  pthread_t t;
  pthread_create(&t, NULL, syncer, NULL);
  pthread_join(t, NULL);
  pthread_create(&t, NULL, relay, NULL);
  pthread_join(t, NULL);
  // CHECK: relay knows nothing
  // CHECK: relay passes 2
  printf("main before acquiring %u\n", csan_model_thread_clock(m, NULL)->c[slot]);
  // CHECK: main before acquiring 0
  csan_hostsync_acquire(sync_tab, m, LOCK_B, false);
  printf("main after acquiring B %u\n", csan_model_thread_clock(m, NULL)->c[slot]);
  // CHECK: main after acquiring B 2

  // A thread's end is taken once: the second join of its key finds nothing.
  csan_model_op(m, s, &op);
  csan_model_host_wait_stream(m, s); // main now at 3; the relay's end holds 2
  csan_hostsync_acquire(sync_tab, m, THREAD_END, true);
  csan_hostsync_release(sync_tab, m, LOCK_A, false); // A: 3
  printf("main at %u\n", csan_model_thread_clock(m, NULL)->c[slot]);
  // CHECK: main at 3

  // After a rebase every clock restarts; what A held belongs to the old window.
  csan_model_host_wait_device(m);
  if (csan_model_rebase(m, NULL, 0, NULL) != CSAN_MODEL_OK)
    return 1;
  csan_model_op(m, s, &op);
  pthread_create(&t, NULL, late, NULL);
  pthread_join(t, NULL);
  printf("main after the rebase %u\n", csan_model_thread_clock(m, NULL)->c[slot]);
  csan_hostsync_acquire(sync_tab, m, LOCK_A, false);
  printf("main after acquiring an old clock %u\n", csan_model_thread_clock(m, NULL)->c[slot]);
  // CHECK: main after the rebase 0
  // CHECK: main after acquiring an old clock 0

  // A table of 16 holds 3 keys: 13 more fit, the rest are dropped and counted.
  unsigned ok = 0;
  for (uint64_t k = 1; k <= 40; k++)
    ok += csan_hostsync_release(sync_tab, m, k * 8, false);
  printf("kept %u, dropped %llu\n", ok, (unsigned long long)csan_hostsync_dropped(sync_tab));
  // CHECK: kept 13, dropped 27
  csan_hostsync_destroy(sync_tab);
  csan_model_destroy(m);
  return 0;
}
