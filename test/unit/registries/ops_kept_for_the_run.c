// Every operation stays described for the whole run (a shadow record may name
// it long after it ran): after 1,000,000 launches on one slot, from the same
// two call sites, the first is found with its own call site and operation
// number, and the registry holds two descriptions and about 8 bytes per
// operation. Adds out of order are kept; other slots are untouched; an epoch
// far below the newest (epochs restarted) starts the slot over, and
// csan_ops_clear forgets everything.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>

#include "csan_ops.h"

static void add(csan_ops *ops, uint32_t slot, uint32_t epoch, uint32_t line) {
  csan_op_info o = {.op_id = 10ull * epoch, .slot = slot, .epoch = epoch, .what = "k",
                    .site = {"loop.cu", "main", line, 5}};
  csan_ops_add(ops, &o);
}

static void show(csan_ops *ops, uint32_t slot, uint32_t epoch) {
  csan_op_info o;
  if (csan_ops_find(ops, slot, epoch, &o))
    printf("(%u,%u) #%llu line %u\n", slot, epoch, (unsigned long long)o.op_id, o.site.line);
  else
    printf("(%u,%u) not found\n", slot, epoch);
}

int main(void) {
  csan_ops *ops = csan_ops_create();
  for (uint32_t e = 1; e <= 1000000; e++)
    add(ops, 1, e, e % 2 ? 10 : 11);
  show(ops, 1, 1);
  // CHECK: (1,1) #10 line 10
  show(ops, 1, 2);
  // CHECK-NEXT: (1,2) #20 line 11
  show(ops, 1, 1000000);
  // CHECK-NEXT: (1,1000000) #10000000 line 11
  show(ops, 1, 1000001);
  // CHECK-NEXT: (1,1000001) not found
  csan_ops_stats st;
  csan_ops_usage(ops, &st);
  printf("descriptions %llu, %s\n", (unsigned long long)st.descriptions,
         st.bytes < 9 * 1000000ull ? "under 9 bytes per operation" : "too much memory");
  // CHECK-NEXT: descriptions 2, under 9 bytes per operation

  add(ops, 3, 8, 1);
  add(ops, 3, 6, 2);
  add(ops, 3, 7, 3);
  show(ops, 3, 6);
  // CHECK-NEXT: (3,6) #60 line 2
  show(ops, 3, 5);
  // CHECK-NEXT: (3,5) not found

  add(ops, 5, 1, 1);
  add(ops, 5, 3000000, 2);
  add(ops, 5, 2, 3); // restarted epochs
  show(ops, 5, 2);
  // CHECK-NEXT: (5,2) #20 line 3
  show(ops, 5, 1);
  // CHECK-NEXT: (5,1) not found
  show(ops, 5, 3000000);
  // CHECK-NEXT: (5,3000000) not found
  show(ops, 3, 8);
  // CHECK-NEXT: (3,8) #80 line 1

  csan_ops_clear(ops);
  show(ops, 3, 8);
  // CHECK-NEXT: (3,8) not found
  csan_ops_destroy(ops);
  return 0;
}
