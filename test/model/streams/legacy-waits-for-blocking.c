// An action in the legacy stream first waits for all earlier work of every
// blocking stream, but not for non-blocking streams.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key blk = mt_stream(m, 0x100, CSAN_STREAM_BLOCKING);
  csan_key blk2 = mt_stream(m, 0x180, CSAN_STREAM_BLOCKING);
  csan_key nb = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_op b1 = mt_op(m, blk), b2 = mt_op(m, blk), c = mt_op(m, blk2), n = mt_op(m, nb);
  csan_op l = mt_op(m, CSAN_STREAM_LEGACY);
  // CHECK: blocking->legacy ordered 1
  printf("blocking->legacy ordered %d\n", mt_ordered(&b2, &l));
  // CHECK: blocking-earlier->legacy ordered 1
  printf("blocking-earlier->legacy ordered %d\n", mt_ordered(&b1, &l));
  // CHECK: second-blocking->legacy ordered 1
  printf("second-blocking->legacy ordered %d\n", mt_ordered(&c, &l));
  // CHECK: nonblocking->legacy ordered 0
  printf("nonblocking->legacy ordered %d\n", mt_ordered(&n, &l));
  // Work issued to the blocking stream after the legacy action is not
  // waited for by it.
  csan_op b3 = mt_op(m, blk);
  // CHECK: later-blocking->legacy ordered 0
  printf("later-blocking->legacy ordered %d\n", mt_ordered(&b3, &l));
  csan_model_destroy(m);
  return 0;
}
