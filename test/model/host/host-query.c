// A cudaStreamQuery / cudaEventQuery that returned cudaSuccess is a host
// wait: the runtime snapshots the clock before the call and joins it into
// the host clock only when the call succeeded. cudaErrorNotReady observes
// nothing, and work issued between the snapshot and the join (by another
// thread) is not covered.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key c = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1), unrec = mt_event(m, 0xe2);
  csan_op a1 = mt_op(m, a);

  // cudaStreamQuery(a) == cudaErrorNotReady: no join.
  csan_vc snap;
  MT_OK(csan_model_stream_clock(m, a, &snap));
  csan_op c0 = mt_op(m, c);
  // CHECK: not ready: a1->c0 ordered 0
  printf("not ready: a1->c0 ordered %d\n", mt_ordered(&a1, &c0));

  // cudaStreamQuery(a) == cudaSuccess, while another thread issued a2.
  MT_OK(csan_model_stream_clock(m, a, &snap));
  csan_op a2 = mt_op(m, a);
  csan_model_host_join(m, &snap);
  csan_op c1 = mt_op(m, c);
  // CHECK: stream query success: a1->c1 ordered 1
  printf("stream query success: a1->c1 ordered %d\n", mt_ordered(&a1, &c1));
  // CHECK: issued during the query: a2->c1 ordered 0
  printf("issued during the query: a2->c1 ordered %d\n", mt_ordered(&a2, &c1));

  // cudaEventQuery(e) == cudaSuccess.
  MT_OK(csan_model_event_record(m, e, a));
  csan_op a3 = mt_op(m, a);
  bool rec = false;
  MT_OK(csan_model_event_clock(m, e, &snap, &rec));
  csan_model_host_join(m, &snap);
  csan_op c2 = mt_op(m, c);
  // CHECK: event query success: recorded 1, a2->c2 ordered 1, a3->c2 ordered 0
  printf("event query success: recorded %d, a2->c2 ordered %d, a3->c2 ordered %d\n", rec,
         mt_ordered(&a2, &c2), mt_ordered(&a3, &c2));

  // cudaEventQuery on a never-recorded event returns cudaSuccess and orders
  // nothing.
  MT_OK(csan_model_event_clock(m, unrec, &snap, &rec));
  csan_model_host_join(m, &snap);
  csan_op c3 = mt_op(m, c);
  // CHECK: unrecorded query: recorded 0, a3->c3 ordered 0
  printf("unrecorded query: recorded %d, a3->c3 ordered %d\n", rec, mt_ordered(&a3, &c3));
  csan_model_destroy(m);
  return 0;
}
