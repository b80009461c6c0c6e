// Two unordered writes of the same bytes race (write-write); ordered, they
// do not.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch w = mk(1, 1);
  launch unordered = mk(2, 1);
  launch ordered = after(mk(3, 1), 1, 1);
  acc(&w, BASE, 16, W, 10);
  acc(&w, BASE + 64, 16, W, 11);
  acc(&unordered, BASE + 15, 1, W, 20);
  acc(&ordered, BASE + 64, 16, W, 30);
  dump("writes");
  // CHECK-LABEL: == writes: 1 race(s)
  // CHECK-NEXT: race write-write slot 2:1 site 20 vs slot 1:1 site 10 [15, 16) count 1
  // CHECK-NOT: race
  csan_shadow_cpu_destroy(sh);
  return 0;
}
