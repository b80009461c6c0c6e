// A free that is not ordered after an access to the bytes races with it
// (reported as use-after-free by the free); a free ordered after the
// access does not, and drops the access's record.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch k = mk(1, 1);
  acc(&k, BASE, 16, R, 10);
  acc(&k, BASE + 64, 16, W, 11);
  launch unordered_free = mk(2, 1);
  acc(&unordered_free, BASE, 16, FREE, 20);
  launch ordered_free = after(mk(3, 1), 1, 1);
  acc(&ordered_free, BASE + 64, 16, FREE, 30);
  dump("frees");
  // CHECK-LABEL: == frees: 1 race(s)
  // CHECK-NEXT: race read-free slot 2:1 site 20 vs slot 1:1 site 10 [0, 16) count 1
  // CHECK-NOT: race
  records("unordered", BASE);
  // CHECK-LABEL: -- unordered: 2 record(s)
  records("ordered", BASE + 64);
  // CHECK-LABEL: -- ordered: 1 record(s)
  // CHECK-NEXT: rec free slot 3:1 mask ffff site 30
  csan_shadow_cpu_destroy(sh);
  return 0;
}
