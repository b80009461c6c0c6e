// A stream-ordered allocation (ALLOC) of freed bytes replaces the FREE
// marker without a report, ordered or not; later accesses are then checked
// normally. Freed bytes that no allocation reused still report.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch f = mk(1, 1);
  acc(&f, BASE, 128, FREE, 10);
  launch alloc_ordered = after(mk(2, 1), 1, 1);
  launch alloc_unordered = mk(3, 1);
  acc(&alloc_ordered, BASE, 32, ALLOC, 20);
  acc(&alloc_unordered, BASE + 32, 32, ALLOC, 30);
  dump("allocations");
  // CHECK-LABEL: == allocations: 0 race(s)
  records("reused", BASE);
  // CHECK-LABEL: -- reused: 1 record(s)
  // CHECK-NEXT: rec write slot 2:1 mask ffff site 20

  launch user = after(after(after(mk(4, 1), 1, 1), 2, 1), 3, 1);
  acc(&user, BASE, 64, W, 40);
  acc(&user, BASE + 64, 4, R, 41);
  dump("user");
  // CHECK-LABEL: == user: 1 race(s)
  // CHECK-NEXT: race free-read slot 4:1 site 41 vs slot 1:1 site 10 [64, 68) count 1
  csan_shadow_cpu_destroy(sh);
  return 0;
}
