// Host threads' own clocks (csan_model_thread.c): a thread's clock grows
// only with what that thread observed; another thread's synchronization
// moves the process-wide host clock (what later operations are ordered
// after) but not this thread's; a thread started from its creator's clock
// has what the creator had.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <pthread.h>
#include <stdio.h>

#include "csan_model.h"

static csan_model *m;
static csan_key s = 0x100;
static uint32_t slot;
static csan_vc at_create;

static void *syncer(void *arg) {
  (void)arg;
  csan_model_host_wait_stream(m, s); // this thread observes the stream
  printf("syncer sees %u\n", csan_model_thread_clock(m, NULL)->c[slot]);
  return NULL;
}

static void *child(void *arg) {
  (void)arg;
  csan_model_thread_adopt(m, &at_create);
  printf("child sees %u\n", csan_model_thread_clock(m, NULL)->c[slot]);
  return NULL;
}

int main(void) {
  m = csan_model_create();
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
  // CHECK: syncer sees 2
  csan_vc host;
  csan_model_host_clock(m, &host);
  printf("host %u, main %u\n", host.c[slot], csan_model_thread_clock(m, NULL)->c[slot]);
  // CHECK: host 2, main 0
  csan_model_host_wait_stream(m, s);
  printf("main after its own sync %u\n", csan_model_thread_clock(m, NULL)->c[slot]);
  // CHECK: main after its own sync 2
  at_create = *csan_model_thread_clock(m, NULL);
  pthread_create(&t, NULL, child, NULL);
  pthread_join(t, NULL);
  // CHECK: child sees 2
  csan_model_destroy(m);
  return 0;
}
