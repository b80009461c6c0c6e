// cudaEventSynchronize(E): the host observed the work E captured, not the
// work issued to the stream after the record.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key c = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op a1 = mt_op(m, a);
  MT_OK(csan_model_event_record(m, e, a));
  csan_op a2 = mt_op(m, a);
  MT_OK(csan_model_host_wait_event(m, e));
  csan_op c1 = mt_op(m, c);
  // CHECK: captured a1->c1 ordered 1
  printf("captured a1->c1 ordered %d\n", mt_ordered(&a1, &c1));
  // CHECK: not captured a2->c1 ordered 0
  printf("not captured a2->c1 ordered %d\n", mt_ordered(&a2, &c1));
  // CHECK: unknown event rc EUNKNOWN_EVENT
  printf("unknown event rc %s\n", mt_rc_name(csan_model_host_wait_event(m, 0xbad)));
  csan_model_destroy(m);
  return 0;
}
