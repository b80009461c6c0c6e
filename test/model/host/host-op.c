// An operation the host performs itself (slot CSAN_HOST_SLOT, e.g. a
// synchronous free) is ordered after everything the host observed, not after
// unobserved work, and before every operation issued afterwards.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_op a1 = mt_op(m, a), b1 = mt_op(m, b);
  MT_OK(csan_model_host_wait_stream(m, a));
  csan_op h1 = mt_host_op(m);
  // CHECK: slot 255 epoch 1
  printf("slot %u epoch %u\n", h1.slot, h1.epoch);
  // CHECK: observed a1->host ordered 1
  printf("observed a1->host ordered %d\n", mt_ordered(&a1, &h1));
  // CHECK: unobserved b1->host ordered 0
  printf("unobserved b1->host ordered %d\n", mt_ordered(&b1, &h1));
  csan_op a2 = mt_op(m, a), b2 = mt_op(m, b), l = mt_op(m, CSAN_STREAM_LEGACY);
  // CHECK: host->a2 ordered 1 host->b2 ordered 1 host->legacy ordered 1
  printf("host->a2 ordered %d host->b2 ordered %d host->legacy ordered %d\n",
         mt_ordered(&h1, &a2), mt_ordered(&h1, &b2), mt_ordered(&h1, &l));
  // CHECK: a2->host ordered 0
  printf("a2->host ordered %d\n", mt_ordered(&a2, &h1));
  csan_op h2 = mt_host_op(m);
  // CHECK: host->host ordered 1, epoch 2
  printf("host->host ordered %d, epoch %u\n", mt_ordered(&h1, &h2), h2.epoch);
  // CHECK: b2->host2 ordered 0
  printf("b2->host2 ordered %d\n", mt_ordered(&b2, &h2));
  csan_model_destroy(m);
  return 0;
}
