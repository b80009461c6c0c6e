// A destroyed event is unknown: record, wait, host wait, query and destroy
// fail with EUNKNOWN_EVENT and change nothing; in particular a wait on it does
// not order the stream after the event's old capture.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op a1 = mt_op(m, a);
  MT_OK(csan_model_event_record(m, e, a));
  MT_OK(csan_model_event_destroy(m, e));
  csan_key streams[] = {a, b};
  mt_state before, after;
  mt_snapshot(m, streams, 2, NULL, 0, &before);
  // CHECK: wait rc EUNKNOWN_EVENT
  printf("wait rc %s\n", mt_rc_name(csan_model_stream_wait_event(m, b, e)));
  // CHECK: record rc EUNKNOWN_EVENT
  printf("record rc %s\n", mt_rc_name(csan_model_event_record(m, e, a)));
  // CHECK: host wait rc EUNKNOWN_EVENT
  printf("host wait rc %s\n", mt_rc_name(csan_model_host_wait_event(m, e)));
  csan_vc vc;
  // CHECK: clock rc EUNKNOWN_EVENT
  printf("clock rc %s\n", mt_rc_name(csan_model_event_clock(m, e, &vc, NULL)));
  // CHECK: destroy again rc EUNKNOWN_EVENT
  printf("destroy again rc %s\n", mt_rc_name(csan_model_event_destroy(m, e)));
  // CHECK: recorded 0
  printf("recorded %d\n", csan_model_event_recorded(m, e));
  mt_snapshot(m, streams, 2, NULL, 0, &after);
  // CHECK: state unchanged 1
  printf("state unchanged %d\n", mt_same_state(&before, &after));
  csan_op b1 = mt_op(m, b);
  // CHECK: a1->b1 ordered 0
  printf("a1->b1 ordered %d\n", mt_ordered(&a1, &b1));
  csan_model_destroy(m);
  return 0;
}
