// An event that was never recorded orders nothing: waiting for it on a
// stream or on the host is a successful no-op, and its clock is empty.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op a1 = mt_op(m, a);
  // CHECK: recorded 0
  printf("recorded %d\n", csan_model_event_recorded(m, e));
  // CHECK: stream wait rc OK
  printf("stream wait rc %s\n", mt_rc_name(csan_model_stream_wait_event(m, b, e)));
  // CHECK: host wait rc OK
  printf("host wait rc %s\n", mt_rc_name(csan_model_host_wait_event(m, e)));
  csan_op b1 = mt_op(m, b);
  // CHECK: a1->b1 ordered 0
  printf("a1->b1 ordered %d\n", mt_ordered(&a1, &b1));
  // CHECK: host observed a1 0
  printf("host observed a1 %d\n", mt_host_observed(m, &a1));
  csan_vc vc;
  bool rec = true;
  MT_OK(csan_model_event_clock(m, e, &vc, &rec));
  // CHECK: clock recorded 0 covers a1 0
  printf("clock recorded %d covers a1 %d\n", rec, csan_vc_orders(&vc, a1.slot, a1.epoch));
  // Recording it now makes it order (the positive twin).
  MT_OK(csan_model_event_record(m, e, a));
  MT_OK(csan_model_stream_wait_event(m, b, e));
  csan_op b2 = mt_op(m, b);
  // CHECK: after record: a1->b2 ordered 1
  printf("after record: a1->b2 ordered %d\n", mt_ordered(&a1, &b2));
  csan_model_destroy(m);
  return 0;
}
