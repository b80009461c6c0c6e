// csan_model_event_record_clock: an event recorded with the clock of an
// operation (a launch attribute's event, which fires once the kernel's
// blocks have begun) orders a waiter after the work before that operation,
// not after the operation itself, and a clock above the work issued is
// clamped. An unknown event is an error and changes nothing.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op before = mt_op(m, a);
  csan_op kernel = mt_op(m, a);
  MT_OK(csan_model_event_record_clock(m, e, &kernel.vc));
  // CHECK: recorded 1
  printf("recorded %d\n", csan_model_event_recorded(m, e));
  MT_OK(csan_model_stream_wait_event(m, b, e));
  csan_op waiter = mt_op(m, b);
  // CHECK: before->waiter ordered 1
  printf("before->waiter ordered %d\n", mt_ordered(&before, &waiter));
  // CHECK: kernel->waiter ordered 0
  printf("kernel->waiter ordered %d\n", mt_ordered(&kernel, &waiter));

  csan_key f = mt_event(m, 0xe2);
  csan_vc big;
  memset(&big, 0xff, sizeof big);
  MT_OK(csan_model_event_record_clock(m, f, &big));
  csan_vc got;
  bool rec = false;
  MT_OK(csan_model_event_clock(m, f, &got, &rec));
  csan_vc all;
  csan_model_device_clock(m, &all);
  // CHECK: clamped 1
  printf("clamped %d\n", !memcmp(&got, &all, sizeof got));
  // CHECK: unknown EUNKNOWN_EVENT
  printf("unknown %s\n", mt_rc_name(csan_model_event_record_clock(m, 0xe3, &kernel.vc)));
  csan_model_destroy(m);
  return 0;
}
