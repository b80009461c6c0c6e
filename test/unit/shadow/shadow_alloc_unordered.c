// An allocation is a write: it races with an unordered access to its bytes
// that is not a FREE (a kernel still using memory the allocator handed out
// again), and not with one it is ordered after.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch k = mk(1, 1);
  acc(&k, BASE, 16, R, 10);
  acc(&k, BASE + 64, 16, R, 11);
  launch a1 = mk(2, 1);
  acc(&a1, BASE, 16, ALLOC, 20);
  launch a2 = after(mk(3, 1), 1, 1);
  acc(&a2, BASE + 64, 16, ALLOC, 30);
  dump("allocations");
  // CHECK-LABEL: == allocations: 1 race(s)
  // CHECK-NEXT: race read-alloc slot 2:1 site 20 vs slot 1:1 site 10 [0, 16) count 1
  // CHECK-NOT: race
  csan_shadow_cpu_destroy(sh);
  return 0;
}
