// Device accesses the pass left without a check, from the modules' gap
// tables (CSAN_MODULE_GAPS_NAME, lines "<count>\t<reason>"): summed per
// reason over modules, printed before the unchecked calls; a malformed line
// is refused (the function says so) and the others still count; nothing is
// printed when no module had a gap.
// RUN: %cc_core -o %t && %t 2>&1 | FileCheck %s --implicit-check-not=csan:
#include <stdio.h>

#include "csan_unchecked.h"

int main(void) {
  csan_unchecked_print(); // nothing yet
  int empty = csan_unchecked_add_device_gaps("");
  csan_unchecked_print(); // an empty table is no gap
  int a = csan_unchecked_add_device_gaps("3\tinline asm: instruction not understood\n"
                                         "1\tkernels without a twin (parameters too large)\n");
  int b = csan_unchecked_add_device_gaps("2\tinline asm: instruction not understood\n"
                                         "x\tbroken\n"
                                         "5\ttexture/surface (handle)");
  fprintf(stderr, "empty=%d a=%d b=%d asm=%llu all=%llu\n", empty, a, b,
          (unsigned long long)csan_unchecked_device_gaps("inline asm: instruction not understood"),
          (unsigned long long)csan_unchecked_device_gaps(NULL));
  csan_unchecked_add("cublasSgeam", "no model", NULL);
  csan_unchecked_print();
  return 0;
}
// CHECK: empty=1 a=1 b=0 asm=5 all=11
// CHECK-NEXT: csan: 11 device access(es) in 2 loaded module(s) have no check (a race through them is not seen; -mllvm -csan-stats shows where):
// CHECK-NEXT: csan:   inline asm: instruction not understood: 5
// CHECK-NEXT: csan:   kernels without a twin (parameters too large): 1
// CHECK-NEXT: csan:   texture/surface (handle): 5
// CHECK-NEXT: csan: 1 call(s) of 1 kind(s) ran unchecked (csan does not know what they access):
// CHECK-NEXT: csan:   cublasSgeam: 1 call(s): no model
