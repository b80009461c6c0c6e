// Work in one stream runs in issue order: each operation is ordered after the
// stream's earlier operations, never before them.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/model_test.h"

int main(void) {
  csan_model *m = mt_model();
  csan_key s = mt_stream(m, 0x100, CSAN_STREAM_NONBLOCKING);
  csan_op a = mt_op(m, s), b = mt_op(m, s), c = mt_op(m, s);
  // CHECK: a->b ordered 1
  printf("a->b ordered %d\n", mt_ordered(&a, &b));
  // CHECK: a->c ordered 1
  printf("a->c ordered %d\n", mt_ordered(&a, &c));
  // CHECK: b->a ordered 0
  printf("b->a ordered %d\n", mt_ordered(&b, &a));
  // CHECK: c->b ordered 0
  printf("c->b ordered %d\n", mt_ordered(&c, &b));
  // Epochs of a slot are dense and start at 1; vc[slot] is the previous one.
  // CHECK: epochs 1 2 3 vc 0 1 2 same-slot 1
  printf("epochs %u %u %u vc %u %u %u same-slot %d\n", a.epoch, b.epoch, c.epoch,
         a.vc.c[a.slot], b.vc.c[b.slot], c.vc.c[c.slot], a.slot == c.slot);
  // op ids are model-wide and increasing.
  // CHECK: op ids 1 2 3
  printf("op ids %llu %llu %llu\n", (unsigned long long)a.op_id,
         (unsigned long long)b.op_id, (unsigned long long)c.op_id);
  csan_model_destroy(m);
  return 0;
}
