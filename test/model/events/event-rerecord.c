// A later cudaEventRecord replaces the capture: re-recorded on the same
// stream it covers the newer work; re-recorded on another stream it covers
// only that stream's work, no longer the first stream's.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_key w1 = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  csan_key w2 = mt_stream(m, 0x400, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op a1 = mt_op(m, a);
  MT_OK(csan_model_event_record(m, e, a));
  csan_op a2 = mt_op(m, a);
  MT_OK(csan_model_event_record(m, e, a));
  MT_OK(csan_model_stream_wait_event(m, w1, e));
  csan_op x = mt_op(m, w1);
  // CHECK: same-stream re-record covers a2: ordered 1
  printf("same-stream re-record covers a2: ordered %d\n", mt_ordered(&a2, &x));
  // CHECK: same-stream re-record covers a1: ordered 1
  printf("same-stream re-record covers a1: ordered %d\n", mt_ordered(&a1, &x));

  csan_op a3 = mt_op(m, a);
  MT_OK(csan_model_event_record(m, e, a));
  csan_op b1 = mt_op(m, b);
  MT_OK(csan_model_event_record(m, e, b));
  MT_OK(csan_model_stream_wait_event(m, w2, e));
  csan_op y = mt_op(m, w2);
  // CHECK: other-stream re-record drops a3: ordered 0
  printf("other-stream re-record drops a3: ordered %d\n", mt_ordered(&a3, &y));
  // CHECK: other-stream re-record covers b1: ordered 1
  printf("other-stream re-record covers b1: ordered %d\n", mt_ordered(&b1, &y));
  csan_model_destroy(m);
  return 0;
}
