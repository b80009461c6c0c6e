// A per-thread default stream is a blocking stream: it synchronizes with the
// legacy stream in both directions, and not with other streams directly.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key pt1 = mt_stream(m, 0x7001, CSAN_STREAM_PER_THREAD);
  csan_key pt2 = mt_stream(m, 0x7002, CSAN_STREAM_PER_THREAD);
  csan_op a = mt_op(m, pt1);
  csan_op b = mt_op(m, pt2);
  // CHECK: pt1->pt2 ordered 0
  printf("pt1->pt2 ordered %d\n", mt_ordered(&a, &b));
  csan_op l = mt_op(m, CSAN_STREAM_LEGACY);
  // CHECK: pt1->legacy ordered 1
  printf("pt1->legacy ordered %d\n", mt_ordered(&a, &l));
  // CHECK: pt2->legacy ordered 1
  printf("pt2->legacy ordered %d\n", mt_ordered(&b, &l));
  csan_op a2 = mt_op(m, pt1);
  // CHECK: legacy->pt1 ordered 1
  printf("legacy->pt1 ordered %d\n", mt_ordered(&l, &a2));
  // CHECK: pt2->legacy->pt1 ordered 1
  printf("pt2->legacy->pt1 ordered %d\n", mt_ordered(&b, &a2));
  csan_model_destroy(m);
  return 0;
}
