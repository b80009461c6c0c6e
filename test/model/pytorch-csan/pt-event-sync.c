// PyTorch CSAN scenario "simple sync": write on stream 1, record an event on
// stream 1, stream 2 waits for it, read on stream 2: ordered. The twin
// without the wait is a race.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key s1 = mt_stream(m, 0x101, CSAN_STREAM_NONBLOCKING);
  csan_key s2 = mt_stream(m, 0x102, CSAN_STREAM_NONBLOCKING);
  csan_key s3 = mt_stream(m, 0x103, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op write = mt_op(m, s1);
  MT_OK(csan_model_event_record(m, e, s1));
  MT_OK(csan_model_stream_wait_event(m, s2, e));
  csan_op read = mt_op(m, s2);
  csan_op read_nowait = mt_op(m, s3);
  // CHECK: synced: write->read ordered 1
  printf("synced: write->read ordered %d\n", mt_ordered(&write, &read));
  // CHECK: not synced: write->read ordered 0
  printf("not synced: write->read ordered %d\n", mt_ordered(&write, &read_nowait));
  csan_model_destroy(m);
  return 0;
}
