// Creating an event key again (a reused handle) makes a new, unrecorded
// event: the old capture is gone. Recording the new event orders again.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_key c = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op a1 = mt_op(m, a);
  MT_OK(csan_model_event_record(m, e, a));
  // CHECK: recorded before re-create 1
  printf("recorded before re-create %d\n", csan_model_event_recorded(m, e));
  MT_OK(csan_model_event_create(m, e));
  // CHECK: recorded after re-create 0
  printf("recorded after re-create %d\n", csan_model_event_recorded(m, e));
  MT_OK(csan_model_stream_wait_event(m, b, e));
  csan_op b1 = mt_op(m, b);
  // CHECK: re-created: a1->b1 ordered 0
  printf("re-created: a1->b1 ordered %d\n", mt_ordered(&a1, &b1));
  // Destroy + create is the same.
  MT_OK(csan_model_event_record(m, e, a));
  MT_OK(csan_model_event_destroy(m, e));
  MT_OK(csan_model_event_create(m, e));
  MT_OK(csan_model_host_wait_event(m, e));
  // CHECK: destroyed+created: host observed a1 0
  printf("destroyed+created: host observed a1 %d\n", mt_host_observed(m, &a1));
  MT_OK(csan_model_event_record(m, e, a));
  MT_OK(csan_model_stream_wait_event(m, c, e));
  csan_op c1 = mt_op(m, c);
  // CHECK: recorded again: a1->c1 ordered 1
  printf("recorded again: a1->c1 ordered %d\n", mt_ordered(&a1, &c1));
  csan_model_destroy(m);
  return 0;
}
