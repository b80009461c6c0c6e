// cudaEventRecord is an action in its stream: recorded on a blocking stream
// after a legacy action, the event captures the legacy action (the blocking
// stream waits for it). Recorded on a non-blocking stream, it does not.
// Recorded on the legacy stream, it captures the blocking streams' work.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key blk = mt_stream(m, 0x100, CSAN_STREAM_BLOCKING);
  csan_key nb = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_key waiter = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  csan_key waiter2 = mt_stream(m, 0x400, CSAN_STREAM_NONBLOCKING);
  csan_key eb = mt_event(m, 0xe1), en = mt_event(m, 0xe2), el = mt_event(m, 0xe3);

  csan_op l = mt_op(m, CSAN_STREAM_LEGACY);
  MT_OK(csan_model_event_record(m, eb, blk));
  MT_OK(csan_model_event_record(m, en, nb));
  MT_OK(csan_model_stream_wait_event(m, waiter, eb));
  MT_OK(csan_model_stream_wait_event(m, waiter2, en));
  csan_op w = mt_op(m, waiter), w2 = mt_op(m, waiter2);
  // CHECK: legacy->record-on-blocking->wait ordered 1
  printf("legacy->record-on-blocking->wait ordered %d\n", mt_ordered(&l, &w));
  // CHECK: legacy->record-on-nonblocking->wait ordered 0
  printf("legacy->record-on-nonblocking->wait ordered %d\n", mt_ordered(&l, &w2));

  csan_op b = mt_op(m, blk);
  csan_op n = mt_op(m, nb);
  MT_OK(csan_model_event_record(m, el, CSAN_STREAM_LEGACY));
  MT_OK(csan_model_stream_wait_event(m, waiter, el));
  csan_op w3 = mt_op(m, waiter);
  // CHECK: blocking->record-on-legacy->wait ordered 1
  printf("blocking->record-on-legacy->wait ordered %d\n", mt_ordered(&b, &w3));
  // CHECK: nonblocking->record-on-legacy->wait ordered 0
  printf("nonblocking->record-on-legacy->wait ordered %d\n", mt_ordered(&n, &w3));
  csan_model_destroy(m);
  return 0;
}
