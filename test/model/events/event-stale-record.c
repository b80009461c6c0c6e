// An event captures the stream's work at the record only: an operation issued
// after the record is not covered by a later wait.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op before = mt_op(m, a);
  MT_OK(csan_model_event_record(m, e, a));
  csan_op after = mt_op(m, a);
  MT_OK(csan_model_stream_wait_event(m, b, e));
  csan_op w = mt_op(m, b);
  // CHECK: before-record->wait ordered 1
  printf("before-record->wait ordered %d\n", mt_ordered(&before, &w));
  // CHECK: after-record->wait ordered 0
  printf("after-record->wait ordered %d\n", mt_ordered(&after, &w));
  csan_model_destroy(m);
  return 0;
}
