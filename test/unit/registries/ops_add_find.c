// Registered operations are found by (slot, epoch) with every field and
// interned strings; a (slot, epoch) never registered, epoch 0 and a slot out
// of range are not found; re-adding a (slot, epoch) replaces it.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>
#include <string.h>

#include "csan_ops.h"
#include "csan_stack.h"

static void show(csan_ops *ops, uint32_t slot, uint32_t epoch) {
  csan_op_info o;
  if (!csan_ops_find(ops, slot, epoch, &o)) {
    printf("(%u,%u) not found\n", slot, epoch);
    return;
  }
  printf("(%u,%u) op #%llu kind %d what %s stream 0x%llx name %s site %s:%u:%u in %s stack %u "
         "bytes %llu module %p\n",
         slot, epoch, (unsigned long long)o.op_id, (int)o.kind, o.what,
         (unsigned long long)o.stream, o.stream_name ? o.stream_name : "-", o.site.file,
         o.site.line, o.site.column, o.site.function, o.stack, (unsigned long long)o.bytes,
         o.module);
}

int main(void) {
  csan_ops *ops = csan_ops_create();

  char what[32] = "_Z7producePf", file[32] = "race.cu";
  csan_op_info o = {.op_id = 7, .slot = 3, .epoch = 12, .kind = CSAN_OPK_KERNEL,
                    .what = what, .stream = 0xabc, .stream_name = "s1",
                    .site = {file, "main", 33, 5}, .stack = 9, .bytes = 0,
                    .module = (const void *)0x1234};
  printf("add %d\n", csan_ops_add(ops, &o));
  // CHECK: add 0
  // The registry keeps its own copies of the strings.
  strcpy(what, "clobbered");
  strcpy(file, "clobbered");
  show(ops, 3, 12);
  // CHECK: (3,12) op #7 kind 1 what _Z7producePf stream 0xabc name s1 site race.cu:33:5 in main stack 9 bytes 0 module 0x1234
  show(ops, 3, 11);
  // CHECK: (3,11) not found
  show(ops, 4, 12);
  // CHECK: (4,12) not found

  csan_op_info copy = {.op_id = 8, .slot = 3, .epoch = 12, .kind = CSAN_OPK_COPY,
                       .what = "cudaMemcpyAsync", .bytes = 4096};
  csan_ops_add(ops, &copy);
  show(ops, 3, 12);
  // CHECK: (3,12) op #8 kind 2 what cudaMemcpyAsync stream 0x0 name - site (null):0:0 in (null) stack 0 bytes 4096 module (nil)

  csan_op_info bad = o;
  bad.epoch = 0;
  printf("epoch 0: %d\n", csan_ops_add(ops, &bad));
  // CHECK: epoch 0: -1
  bad = o;
  bad.slot = CSAN_MAX_SLOTS;
  printf("slot 256: %d\n", csan_ops_add(ops, &bad));
  // CHECK: slot 256: -1
  show(ops, 3, 0);
  // CHECK: (3,0) not found
  show(ops, CSAN_MAX_SLOTS, 12);
  // CHECK: (256,12) not found

  // The host slot is an ordinary slot here.
  csan_op_info host = {.op_id = 9, .slot = CSAN_HOST_SLOT, .epoch = 1, .kind = CSAN_OPK_FREE,
                       .what = "cudaFree", .bytes = 64};
  csan_ops_add(ops, &host);
  show(ops, CSAN_HOST_SLOT, 1);
  // CHECK: (255,1) op #9 kind 5 what cudaFree

  csan_ops_clear(ops);
  show(ops, 3, 12);
  // CHECK: (3,12) not found
  csan_ops_destroy(ops);
  return 0;
}
