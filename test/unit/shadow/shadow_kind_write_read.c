// A read after an unordered write races (write-read); the same read ordered
// after the write does not.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch w = mk(1, 1);
  launch unordered = mk(2, 1);
  launch ordered = after(mk(3, 1), 1, 1);
  acc(&w, BASE, 8, W, 10);
  acc(&w, BASE + 64, 8, W, 11);
  acc(&unordered, BASE, 4, R, 20);
  acc(&ordered, BASE + 64, 4, R, 30);
  dump("reads");
  // CHECK-LABEL: == reads: 1 race(s)
  // CHECK-NEXT: race write-read slot 2:1 site 20 vs slot 1:1 site 10 [0, 4) count 1
  // CHECK-NOT: race
  csan_shadow_cpu_destroy(sh);
  return 0;
}
