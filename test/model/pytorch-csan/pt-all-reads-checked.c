// PyTorch CSAN scenario "all reads checked": reads on streams 1..N, each
// followed by a record; the writer's stream waits for every event (passing)
// or for all but the last (failing): every read is checked, and exactly the
// one not waited for races.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

#define N 9

static void run(const char *name, int skip_last) {
  csan_model *m = mt_model();
  csan_key w = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_op reads[N + 1];
  for (int i = 1; i <= N; i++) {
    csan_key s = mt_stream(m, 0x100 + (csan_key)i, CSAN_STREAM_NONBLOCKING);
    csan_key e = mt_event(m, 0xe00 + (csan_key)i);
    reads[i] = mt_op(m, s);
    MT_OK(csan_model_event_record(m, e, s));
  }
  for (int i = 1; i <= N - skip_last; i++)
    MT_OK(csan_model_stream_wait_event(m, w, 0xe00 + (csan_key)i));
  csan_op write = mt_op(m, w);
  printf("%s:", name);
  for (int i = 1; i <= N; i++)
    printf(" %d", mt_ordered(&reads[i], &write));
  printf("\n");
  csan_model_destroy(m);
}

int main(void) {
  // CHECK: passing: 1 1 1 1 1 1 1 1 1
  run("passing", 0);
  // CHECK: failing: 1 1 1 1 1 1 1 1 0
  run("failing", 1);
  return 0;
}
