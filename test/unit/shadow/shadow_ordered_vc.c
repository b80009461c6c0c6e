// Ordering is (slot, epoch) <= vc[slot]: a launch whose vector clock covers
// the writer's epoch does not race with it, one a single epoch short does;
// later work of the same stream is ordered by its own clock entry.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch w2 = mk(1, 2); // second operation on slot 1
  acc(&w2, BASE, 8, W, 10);
  launch covers = after(mk(2, 1), 1, 2);
  launch short_by_one = after(mk(3, 1), 1, 1);
  launch same_stream = mk(1, 3); // vc[1] = 2
  acc(&covers, BASE, 8, R, 20);
  acc(&same_stream, BASE, 8, R, 30);
  dump("ordered");
  // CHECK-LABEL: == ordered: 0 race(s)
  acc(&short_by_one, BASE, 8, R, 40);
  dump("one epoch short");
  // CHECK-LABEL: == one epoch short: 1 race(s)
  // CHECK-NEXT: race write-read slot 3:1 site 40 vs slot 1:2 site 10 [0, 8) count 1
  csan_shadow_cpu_destroy(sh);
  return 0;
}
