// Each slot keeps (at least) the newest `keep` epochs: with keep 4, after
// epochs 1..10 the last four are found and older ones are not, also when the
// adds came out of order; the default keeps 65536. An epoch far below the
// newest (epochs restarted) starts the slot over. Other slots are untouched.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>

#include "csan_ops.h"

static void add(csan_ops *ops, uint32_t slot, uint32_t epoch) {
  csan_op_info o = {.op_id = epoch * 10u, .slot = slot, .epoch = epoch, .what = "k"};
  csan_ops_add(ops, &o);
}

static void found(csan_ops *ops, uint32_t slot, uint32_t lo, uint32_t hi) {
  printf("slot %u:", slot);
  for (uint32_t e = lo; e <= hi; e++) {
    csan_op_info o;
    printf(" %s", csan_ops_find(ops, slot, e, &o) && o.op_id == e * 10u ? "y" : "n");
  }
  printf("\n");
}

int main(void) {
  csan_ops *ops = csan_ops_create(3); // rounded up to 4
  printf("keep %u\n", csan_ops_keep(ops));
  // CHECK: keep 4
  for (uint32_t e = 1; e <= 10; e++)
    add(ops, 1, e);
  add(ops, 2, 1);
  found(ops, 1, 1, 10);
  // CHECK-NEXT: slot 1: n n n n n n y y y y
  found(ops, 2, 1, 1);
  // CHECK-NEXT: slot 2: y

  // Out of order within the window: all kept.
  add(ops, 3, 8);
  add(ops, 3, 6);
  add(ops, 3, 7);
  add(ops, 3, 5);
  found(ops, 3, 1, 8);
  // CHECK-NEXT: slot 3: n n n n y y y y

  // An epoch a whole window below the newest means the slot's epochs
  // restarted (a rebase, a recycled slot): the slot starts over.
  add(ops, 1, 2);
  found(ops, 1, 1, 10);
  // CHECK-NEXT: slot 1: n y n n n n n n n n
  csan_ops_destroy(ops);

  // The default ring: 65536 newest of 70000 kept, the rest evicted.
  ops = csan_ops_create(0);
  for (uint32_t e = 1; e <= 70000; e++)
    add(ops, 7, e);
  csan_op_info o;
  printf("70000:%d 4465:%d 4464:%d 1:%d\n", csan_ops_find(ops, 7, 70000, &o),
         csan_ops_find(ops, 7, 4465, &o), csan_ops_find(ops, 7, 4464, &o),
         csan_ops_find(ops, 7, 1, &o));
  // CHECK-NEXT: 70000:1 4465:1 4464:0 1:0
  csan_ops_destroy(ops);
  return 0;
}
