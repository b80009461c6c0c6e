// Two blocking streams are not ordered with each other by themselves; only
// an action in the legacy stream between them orders them.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key s1 = mt_stream(m, 0x100, CSAN_STREAM_BLOCKING);
  csan_key s2 = mt_stream(m, 0x200, CSAN_STREAM_BLOCKING);
  csan_op a = mt_op(m, s1), b = mt_op(m, s2);
  // CHECK: s1->s2 ordered 0
  printf("s1->s2 ordered %d\n", mt_ordered(&a, &b));
  csan_op a2 = mt_op(m, s1);
  mt_op(m, CSAN_STREAM_LEGACY);
  csan_op b2 = mt_op(m, s2);
  // CHECK: s1->legacy->s2 ordered 1
  printf("s1->legacy->s2 ordered %d\n", mt_ordered(&a2, &b2));
  csan_model_destroy(m);
  return 0;
}
