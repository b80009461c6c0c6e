// PyTorch CSAN scenario "deleted record": read on stream 1, record the event
// there, then delete and/or re-create the event before stream 2 waits for
// it: the write on stream 2 races with the read in every variant (a deleted
// event is unknown, a re-created one is unrecorded). The twin without
// deletion is ordered.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

static void variant(const char *name, int del, int create) {
  csan_model *m = mt_model();
  csan_key s1 = mt_stream(m, 0x101, CSAN_STREAM_NONBLOCKING);
  csan_key s2 = mt_stream(m, 0x102, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op read = mt_op(m, s1);
  MT_OK(csan_model_event_record(m, e, s1));
  if (del)
    MT_OK(csan_model_event_destroy(m, e));
  if (create)
    MT_OK(csan_model_event_create(m, e));
  int rc = csan_model_stream_wait_event(m, s2, e);
  csan_op write = mt_op(m, s2);
  printf("%s: wait rc %s, read->write ordered %d\n", name, mt_rc_name(rc),
         mt_ordered(&read, &write));
  csan_model_destroy(m);
}

int main(void) {
  // CHECK: delete+create: wait rc OK, read->write ordered 0
  variant("delete+create", 1, 1);
  // CHECK: delete: wait rc EUNKNOWN_EVENT, read->write ordered 0
  variant("delete", 1, 0);
  // CHECK: create: wait rc OK, read->write ordered 0
  variant("create", 0, 1);
  // CHECK: neither: wait rc OK, read->write ordered 1
  variant("neither", 0, 0);
  return 0;
}
