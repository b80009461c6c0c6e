// cudaEventRecord on A then cudaStreamWaitEvent on B: B's later work is
// ordered after A's work before the record. Without the wait it is not, and
// the wait does not order A after B.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_key c = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op a1 = mt_op(m, a);
  csan_op b0 = mt_op(m, b);
  MT_OK(csan_model_event_record(m, e, a));
  // CHECK: recorded 1
  printf("recorded %d\n", csan_model_event_recorded(m, e));
  MT_OK(csan_model_stream_wait_event(m, b, e));
  csan_op b1 = mt_op(m, b);
  csan_op c1 = mt_op(m, c);
  csan_op a2 = mt_op(m, a);
  // CHECK: a1->b1 (waited) ordered 1
  printf("a1->b1 (waited) ordered %d\n", mt_ordered(&a1, &b1));
  // CHECK: a1->c1 (no wait) ordered 0
  printf("a1->c1 (no wait) ordered %d\n", mt_ordered(&a1, &c1));
  // CHECK: b0->a2 (reverse) ordered 0
  printf("b0->a2 (reverse) ordered %d\n", mt_ordered(&b0, &a2));
  // CHECK: b0->b1 ordered 1
  printf("b0->b1 ordered %d\n", mt_ordered(&b0, &b1));
  csan_model_destroy(m);
  return 0;
}
