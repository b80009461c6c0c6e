// A blocking stream created after an action in the legacy stream still waits
// for that action at its first action (the rule is applied when the blocking
// stream acts); a non-blocking stream created then does not.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_op l = mt_op(m, CSAN_STREAM_LEGACY);
  csan_key blk = mt_stream(m, 0x100, CSAN_STREAM_BLOCKING);
  csan_key nb = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_op b = mt_op(m, blk);
  csan_op n = mt_op(m, nb);
  // CHECK: legacy->new-blocking ordered 1
  printf("legacy->new-blocking ordered %d\n", mt_ordered(&l, &b));
  // CHECK: legacy->new-nonblocking ordered 0
  printf("legacy->new-nonblocking ordered %d\n", mt_ordered(&l, &n));
  // The new blocking stream's work is waited for by the next legacy action.
  csan_op l2 = mt_op(m, CSAN_STREAM_LEGACY);
  // CHECK: new-blocking->legacy ordered 1
  printf("new-blocking->legacy ordered %d\n", mt_ordered(&b, &l2));
  // CHECK: new-nonblocking->legacy ordered 0
  printf("new-nonblocking->legacy ordered %d\n", mt_ordered(&n, &l2));
  csan_model_destroy(m);
  return 0;
}
