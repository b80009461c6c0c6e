// cudaDeviceSynchronize: the host observed all work issued so far, on every
// stream (non-blocking, legacy, and destroyed streams whose work was still
// pending). It is one synchronization, not a barrier for later work.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_BLOCKING);
  csan_key gone = mt_stream(m, 0x300, CSAN_STREAM_NONBLOCKING);
  csan_key c = mt_stream(m, 0x400, CSAN_STREAM_NONBLOCKING);
  csan_op a1 = mt_op(m, a), b1 = mt_op(m, b), l1 = mt_op(m, CSAN_STREAM_LEGACY);
  csan_op g1 = mt_op(m, gone);
  MT_OK(csan_model_stream_destroy(m, gone));
  csan_op before = mt_op(m, c);
  // CHECK: before sync: a1->c ordered 0, destroyed->c ordered 0
  printf("before sync: a1->c ordered %d, destroyed->c ordered %d\n",
         mt_ordered(&a1, &before), mt_ordered(&g1, &before));
  csan_model_host_wait_device(m);
  csan_op c1 = mt_op(m, c);
  // CHECK: nonblocking a1->c1 ordered 1
  printf("nonblocking a1->c1 ordered %d\n", mt_ordered(&a1, &c1));
  // CHECK: blocking b1->c1 ordered 1
  printf("blocking b1->c1 ordered %d\n", mt_ordered(&b1, &c1));
  // CHECK: legacy l1->c1 ordered 1
  printf("legacy l1->c1 ordered %d\n", mt_ordered(&l1, &c1));
  // CHECK: destroyed g1->c1 ordered 1
  printf("destroyed g1->c1 ordered %d\n", mt_ordered(&g1, &c1));
  csan_op a2 = mt_op(m, a);
  csan_op c2 = mt_op(m, c);
  // CHECK: after sync: a2->c2 ordered 0
  printf("after sync: a2->c2 ordered %d\n", mt_ordered(&a2, &c2));
  csan_model_destroy(m);
  return 0;
}
