// Work in two non-blocking streams is unordered in both directions, also
// when the legacy stream is used in between (non-blocking streams take no
// part in its barriers).
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key s1 = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key s2 = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_op a = mt_op(m, s1), b = mt_op(m, s2);
  // CHECK: s1->s2 ordered 0
  printf("s1->s2 ordered %d\n", mt_ordered(&a, &b));
  csan_op a2 = mt_op(m, s1);
  // CHECK: s2->s1 ordered 0
  printf("s2->s1 ordered %d\n", mt_ordered(&b, &a2));
  csan_op l = mt_op(m, CSAN_STREAM_LEGACY);
  csan_op b2 = mt_op(m, s2);
  // CHECK: s1->legacy->s2 ordered 0
  printf("s1->legacy->s2 ordered %d\n", mt_ordered(&a2, &b2));
  // CHECK: legacy->s2 ordered 0
  printf("legacy->s2 ordered %d\n", mt_ordered(&l, &b2));
  // The same stream stays ordered with itself.
  // CHECK: s2->s2 ordered 1
  printf("s2->s2 ordered %d\n", mt_ordered(&b, &b2));
  csan_model_destroy(m);
  return 0;
}
