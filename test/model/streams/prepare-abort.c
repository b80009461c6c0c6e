// csan_model_op_prepare computes the operation without changing the model:
// aborted, it leaves no trace (the next operation gets the same epoch and op
// id, no clock moved); committed, it is what csan_model_op would have done.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key a = mt_stream(m, 0x100, CSAN_STREAM_BLOCKING);
  csan_key b = mt_stream(m, 0x200, CSAN_STREAM_NONBLOCKING);
  csan_op a1 = mt_op(m, a);
  csan_key streams[] = {a, b, CSAN_STREAM_LEGACY};
  mt_state before, after;
  mt_snapshot(m, streams, 3, NULL, 0, &before);
  csan_op p;
  MT_OK(csan_model_op_prepare(m, CSAN_STREAM_LEGACY, &p));
  // CHECK: prepared legacy: epoch 1 op id 2, covers a1 1
  printf("prepared legacy: epoch %u op id %llu, covers a1 %d\n", p.epoch,
         (unsigned long long)p.op_id, mt_ordered(&a1, &p));
  csan_model_op_abort(m, &p);
  MT_OK(csan_model_op_prepare(m, a, &p));
  csan_model_op_abort(m, &p);
  mt_snapshot(m, streams, 3, NULL, 0, &after);
  // CHECK: aborted: state unchanged 1
  printf("aborted: state unchanged %d\n", mt_same_state(&before, &after));
  // The aborted legacy op is no barrier: b's blocking peer a is not ordered
  // after it, and the next op gets the same numbers.
  csan_op a2 = mt_op(m, a);
  // CHECK: aborted legacy->a2: epoch 2 op id 2
  printf("aborted legacy->a2: epoch %u op id %llu\n", a2.epoch, (unsigned long long)a2.op_id);
  // Committed prepare == csan_model_op.
  MT_OK(csan_model_op_prepare(m, CSAN_STREAM_LEGACY, &p));
  csan_model_op_commit(m, &p);
  csan_op a3 = mt_op(m, a);
  // CHECK: committed: legacy epoch 1 op id 3, a2->legacy ordered 1, legacy->a3 ordered 1
  printf("committed: legacy epoch %u op id %llu, a2->legacy ordered %d, legacy->a3 ordered %d\n",
         p.epoch, (unsigned long long)p.op_id, mt_ordered(&a2, &p), mt_ordered(&p, &a3));
  // A failed prepare releases the lock: the model stays usable.
  // CHECK: prepare unknown rc EUNKNOWN_STREAM
  printf("prepare unknown rc %s\n", mt_rc_name(csan_model_op_prepare(m, 0x999, &p)));
  // CHECK: still usable 1
  printf("still usable %d\n", csan_model_stream_exists(m, b));
  csan_model_destroy(m);
  return 0;
}
