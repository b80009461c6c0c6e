// csan_model_needs_rebase turns true once some slot's counter reaches
// CSAN_EPOCH_RESET_AT, and false again after a rebase. csan_model_advance
// stands for a run of back-to-back operations on one stream, so the test
// reaches the threshold without 2^31 calls; the operations after it are
// numbered and ordered as if the run had been issued one by one.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_op a1 = mt_op(m, a);
  MT_OK(csan_model_advance(m, a, CSAN_EPOCH_RESET_AT - 3));
  csan_op a2 = mt_op(m, a);
  // CHECK: epoch 2147483647 op id 2147483647 below threshold: needs 0
  printf("epoch %u op id %llu below threshold: needs %d\n", a2.epoch,
         (unsigned long long)a2.op_id, csan_model_needs_rebase(m));
  // CHECK: a1->a2 ordered 1, vc[slot] 2147483646
  printf("a1->a2 ordered %d, vc[slot] %u\n", mt_ordered(&a1, &a2), a2.vc.c[a2.slot]);
  csan_op b1 = mt_op(m, b);
  // CHECK: other slot: needs 0
  printf("other slot: needs %d\n", csan_model_needs_rebase(m));
  csan_op a3 = mt_op(m, a);
  // CHECK: epoch 2147483648 at threshold: needs 1
  printf("epoch %u at threshold: needs %d\n", a3.epoch, csan_model_needs_rebase(m));
  // The advance ordered nothing across streams.
  // CHECK: a2->b1 ordered 0
  printf("a2->b1 ordered %d\n", mt_ordered(&a2, &b1));
  // CHECK: rebase before sync: rc EINVAL needs 1
  printf("rebase before sync: rc %s", mt_rc_name(csan_model_rebase(m, NULL, 0, NULL)));
  printf(" needs %d\n", csan_model_needs_rebase(m));
  csan_model_host_wait_device(m);
  MT_OK(csan_model_rebase(m, NULL, 0, NULL));
  // CHECK: after rebase: needs 0
  printf("after rebase: needs %d\n", csan_model_needs_rebase(m));
  csan_model_destroy(m);
  return 0;
}
