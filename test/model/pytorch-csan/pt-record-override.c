// PyTorch CSAN scenario "record override": reads on streams 1 and 2, the
// event recorded on stream 1 and then on stream 2, stream 3 waits: the
// write on stream 3 is ordered after stream 2's read only, and races with
// stream 1's.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key s1 = mt_stream(m, 0x101, CSAN_STREAM_NONBLOCKING);
  csan_key s2 = mt_stream(m, 0x102, CSAN_STREAM_NONBLOCKING);
  csan_key s3 = mt_stream(m, 0x103, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op read1 = mt_op(m, s1), read2 = mt_op(m, s2);
  MT_OK(csan_model_event_record(m, e, s1));
  MT_OK(csan_model_event_record(m, e, s2));
  MT_OK(csan_model_stream_wait_event(m, s3, e));
  csan_op write = mt_op(m, s3);
  // CHECK: overridden read(s1)->write ordered 0
  printf("overridden read(s1)->write ordered %d\n", mt_ordered(&read1, &write));
  // CHECK: current read(s2)->write ordered 1
  printf("current read(s2)->write ordered %d\n", mt_ordered(&read2, &write));
  csan_model_destroy(m);
  return 0;
}
