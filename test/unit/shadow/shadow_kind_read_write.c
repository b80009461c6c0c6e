// A write after an unordered read races (read-write); the same write
// ordered after the read does not.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch r = mk(1, 1);
  launch unordered = mk(2, 1);
  launch ordered = after(mk(3, 1), 1, 1);
  acc(&r, BASE, 8, R, 10);
  acc(&r, BASE + 64, 8, R, 11);
  acc(&unordered, BASE + 2, 4, W, 20);
  acc(&ordered, BASE + 64, 8, W, 30);
  dump("writes");
  // CHECK-LABEL: == writes: 1 race(s)
  // CHECK-NEXT: race read-write slot 2:1 site 20 vs slot 1:1 site 10 [2, 6) count 1
  // CHECK-NOT: race
  csan_shadow_cpu_destroy(sh);
  return 0;
}
