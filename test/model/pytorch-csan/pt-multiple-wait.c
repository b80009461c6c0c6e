// PyTorch CSAN scenario "multiple wait": one event waited for by two
// streams; both reads are ordered after the write. A stream that did not
// wait races.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key s1 = mt_stream(m, 0x101, CSAN_STREAM_NONBLOCKING);
  csan_key s2 = mt_stream(m, 0x102, CSAN_STREAM_NONBLOCKING);
  csan_key s3 = mt_stream(m, 0x103, CSAN_STREAM_NONBLOCKING);
  csan_key s4 = mt_stream(m, 0x104, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op write = mt_op(m, s1);
  MT_OK(csan_model_event_record(m, e, s1));
  MT_OK(csan_model_stream_wait_event(m, s2, e));
  MT_OK(csan_model_stream_wait_event(m, s3, e));
  csan_op r2 = mt_op(m, s2), r3 = mt_op(m, s3), r4 = mt_op(m, s4);
  // CHECK: write->read(s2) ordered 1
  printf("write->read(s2) ordered %d\n", mt_ordered(&write, &r2));
  // CHECK: write->read(s3) ordered 1
  printf("write->read(s3) ordered %d\n", mt_ordered(&write, &r3));
  // CHECK: write->read(s4, no wait) ordered 0
  printf("write->read(s4, no wait) ordered %d\n", mt_ordered(&write, &r4));
  csan_model_destroy(m);
  return 0;
}
