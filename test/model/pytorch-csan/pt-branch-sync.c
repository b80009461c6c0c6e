// PyTorch CSAN scenario "branch sync": two streams wait for one event after
// a write; both may read, but a later write on one of them races with the
// other's read.
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
  MT_OK(csan_model_stream_wait_event(m, s3, e));
  csan_op read2 = mt_op(m, s2), read3 = mt_op(m, s3);
  // CHECK: write->read(s2) ordered 1
  printf("write->read(s2) ordered %d\n", mt_ordered(&write, &read2));
  // CHECK: write->read(s3) ordered 1
  printf("write->read(s3) ordered %d\n", mt_ordered(&write, &read3));
  csan_op write2 = mt_op(m, s2);
  // CHECK: read(s2)->write(s2) ordered 1
  printf("read(s2)->write(s2) ordered %d\n", mt_ordered(&read2, &write2));
  // CHECK: read(s3)->write(s2) ordered 0
  printf("read(s3)->write(s2) ordered %d\n", mt_ordered(&read3, &write2));
  csan_model_destroy(m);
  return 0;
}
