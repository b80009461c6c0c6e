// PyTorch CSAN scenario "event synchronize": read t1 on stream 1, record,
// read t2 on stream 1, the host synchronizes the event: a write of t1 on
// stream 2 is ordered, a write of t2 (read after the record) races.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key s1 = mt_stream(m, 0x101, CSAN_STREAM_NONBLOCKING);
  csan_key s2 = mt_stream(m, 0x102, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op read_t1 = mt_op(m, s1);
  MT_OK(csan_model_event_record(m, e, s1));
  csan_op read_t2 = mt_op(m, s1);
  MT_OK(csan_model_host_wait_event(m, e));
  csan_op write_t1 = mt_op(m, s2), write_t2 = mt_op(m, s2);
  // CHECK: read t1->write t1 ordered 1
  printf("read t1->write t1 ordered %d\n", mt_ordered(&read_t1, &write_t1));
  // CHECK: read t2->write t2 ordered 0
  printf("read t2->write t2 ordered %d\n", mt_ordered(&read_t2, &write_t2));
  csan_model_destroy(m);
  return 0;
}
