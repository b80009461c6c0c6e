// cudaEventRecord / cudaStreamWaitEvent with an unknown stream fail with
// EUNKNOWN_STREAM and change nothing: the event keeps its earlier capture
// (or stays unrecorded). Key 0 is never a valid event.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1), fresh = mt_event(m, 0xe2);
  csan_op a1 = mt_op(m, a);
  MT_OK(csan_model_event_record(m, e, a));
  csan_op a2 = mt_op(m, a);
  csan_key streams[] = {a, b}, events[] = {e, fresh};
  mt_state before, after;
  mt_snapshot(m, streams, 2, events, 2, &before);
  // CHECK: record on unknown stream rc EUNKNOWN_STREAM
  printf("record on unknown stream rc %s\n",
         mt_rc_name(csan_model_event_record(m, e, 0x999)));
  // CHECK: record fresh on unknown stream rc EUNKNOWN_STREAM
  printf("record fresh on unknown stream rc %s\n",
         mt_rc_name(csan_model_event_record(m, fresh, 0x999)));
  // CHECK: wait on unknown stream rc EUNKNOWN_STREAM
  printf("wait on unknown stream rc %s\n",
         mt_rc_name(csan_model_stream_wait_event(m, 0x999, e)));
  // CHECK: record key 0 rc EUNKNOWN_EVENT
  printf("record key 0 rc %s\n", mt_rc_name(csan_model_event_record(m, 0, a)));
  // CHECK: create key 0 rc EINVAL
  printf("create key 0 rc %s\n", mt_rc_name(csan_model_event_create(m, 0)));
  mt_snapshot(m, streams, 2, events, 2, &after);
  // CHECK: state unchanged 1
  printf("state unchanged %d\n", mt_same_state(&before, &after));
  // CHECK: fresh recorded 0
  printf("fresh recorded %d\n", csan_model_event_recorded(m, fresh));
  MT_OK(csan_model_stream_wait_event(m, b, e));
  csan_op b1 = mt_op(m, b);
  // CHECK: old capture kept: a1->b1 ordered 1, a2->b1 ordered 0
  printf("old capture kept: a1->b1 ordered %d, a2->b1 ordered %d\n", mt_ordered(&a1, &b1),
         mt_ordered(&a2, &b1));
  csan_model_destroy(m);
  return 0;
}
