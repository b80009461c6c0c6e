// Two unordered reads of the same bytes do not race; a write unordered with
// both readers races with each of them.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch a = mk(1, 1), b = mk(2, 1), c = mk(3, 1);
  acc(&a, BASE, 16, R, 10);
  acc(&b, BASE, 16, R, 20);
  dump("read-read");
  // CHECK-LABEL: == read-read: 0 race(s)
  // CHECK-NOT: race
  acc(&c, BASE + 4, 4, W, 30);
  dump("then a write");
  // CHECK-LABEL: == then a write: 2 race(s)
  // CHECK-DAG: race read-write slot 3:1 site 30 vs slot 1:1 site 10 [4, 8) count 1
  // CHECK-DAG: race read-write slot 3:1 site 30 vs slot 2:1 site 20 [4, 8) count 1
  csan_shadow_cpu_destroy(sh);
  return 0;
}
