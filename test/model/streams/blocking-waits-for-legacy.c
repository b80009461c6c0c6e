// After an action in the legacy stream, every blocking stream's later work
// waits for it; non-blocking streams do not. This is the programming guide's
// example: k_1 in s, k_2 in the legacy stream, k_3 in s: k_2 waits for k_1 and
// k_3 waits for k_2 (so also for k_1 seen from another blocking stream).
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key s = mt_stream(m, 0x100, CSAN_STREAM_BLOCKING);
  csan_key t = mt_stream(m, 0x180, CSAN_STREAM_BLOCKING);
  csan_key nb = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_op k1 = mt_op(m, s);
  csan_op k2 = mt_op(m, CSAN_STREAM_LEGACY);
  csan_op k3 = mt_op(m, s);
  csan_op t1 = mt_op(m, t);
  csan_op n1 = mt_op(m, nb);
  // CHECK: k1->k2 ordered 1
  printf("k1->k2 ordered %d\n", mt_ordered(&k1, &k2));
  // CHECK: k2->k3 ordered 1
  printf("k2->k3 ordered %d\n", mt_ordered(&k2, &k3));
  // CHECK: legacy->other-blocking ordered 1
  printf("legacy->other-blocking ordered %d\n", mt_ordered(&k2, &t1));
  // CHECK: s->legacy->other-blocking ordered 1
  printf("s->legacy->other-blocking ordered %d\n", mt_ordered(&k1, &t1));
  // CHECK: legacy->nonblocking ordered 0
  printf("legacy->nonblocking ordered %d\n", mt_ordered(&k2, &n1));
  // CHECK: s->legacy->nonblocking ordered 0
  printf("s->legacy->nonblocking ordered %d\n", mt_ordered(&k1, &n1));
  csan_model_destroy(m);
  return 0;
}
