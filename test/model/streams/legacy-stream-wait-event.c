// cudaStreamWaitEvent on the legacy stream is an action in it (the driver
// API documentation names it): the legacy stream joins the event, and the
// blocking streams' later work waits for the legacy stream, hence for the
// event; non-blocking streams do not.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key src = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key blk = mt_stream(m, 0x200, CSAN_STREAM_BLOCKING);
  csan_key nb = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  csan_key e = mt_event(m, 0xe1);
  csan_op s = mt_op(m, src);
  MT_OK(csan_model_event_record(m, e, src));
  MT_OK(csan_model_stream_wait_event(m, CSAN_STREAM_LEGACY, e));
  csan_op l = mt_op(m, CSAN_STREAM_LEGACY);
  csan_op b = mt_op(m, blk);
  csan_op n = mt_op(m, nb);
  // CHECK: src->legacy ordered 1
  printf("src->legacy ordered %d\n", mt_ordered(&s, &l));
  // CHECK: src->legacy-wait->blocking ordered 1
  printf("src->legacy-wait->blocking ordered %d\n", mt_ordered(&s, &b));
  // CHECK: src->legacy-wait->nonblocking ordered 0
  printf("src->legacy-wait->nonblocking ordered %d\n", mt_ordered(&s, &n));
  csan_model_destroy(m);
  return 0;
}
