// Epochs never wrap: an operation on a slot whose counter is at UINT32_MAX
// fails with EEPOCH and changes nothing (the runtime rebases long before);
// after a synchronization and a rebase the stream works again.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  MT_OK(csan_model_advance(m, a, UINT32_MAX - 1));
  csan_op last = mt_op(m, a);
  // CHECK: last epoch 4294967295 needs rebase 1
  printf("last epoch %u needs rebase %d\n", last.epoch, csan_model_needs_rebase(m));
  csan_key streams[] = {a, b};
  mt_state before, after;
  mt_snapshot(m, streams, 2, NULL, 0, &before);
  csan_op op;
  // CHECK: exhausted op rc EEPOCH
  printf("exhausted op rc %s\n", mt_rc_name(csan_model_op(m, a, &op)));
  // CHECK: exhausted prepare rc EEPOCH
  int rc = csan_model_op_prepare(m, a, &op);
  if (rc == CSAN_MODEL_OK) // a wrong model: release the lock, fail below
    csan_model_op_abort(m, &op);
  printf("exhausted prepare rc %s\n", mt_rc_name(rc));
  // CHECK: exhausted advance rc EEPOCH
  printf("exhausted advance rc %s\n", mt_rc_name(csan_model_advance(m, a, 1)));
  mt_snapshot(m, streams, 2, NULL, 0, &after);
  // CHECK: unchanged 1
  printf("unchanged %d\n", mt_same_state(&before, &after));
  // Other slots are unaffected.
  // CHECK: other stream rc OK
  printf("other stream rc %s\n", mt_rc_name(csan_model_op(m, b, &op)));
  csan_model_host_wait_device(m);
  MT_OK(csan_model_rebase(m, NULL, 0, NULL));
  // CHECK: after rebase rc OK epoch 1
  printf("after rebase rc %s", mt_rc_name(csan_model_op(m, a, &op)));
  printf(" epoch %u\n", op.epoch);
  csan_model_destroy(m);
  return 0;
}
