// Freeing freed bytes again is reported (use-after-free, free-free), even
// when ordered; the newer FREE replaces the older one. A launch that frees
// the same bytes twice (e.g. overlapping rows) does not race with itself.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch f1 = mk(1, 1);
  acc(&f1, BASE, 32, FREE, 10);
  acc(&f1, BASE + 16, 32, FREE, 11);
  dump("one free launch");
  // CHECK-LABEL: == one free launch: 0 race(s)
  launch f2 = after(mk(2, 1), 1, 1);
  acc(&f2, BASE + 4, 4, FREE, 20);
  dump("second free");
  // CHECK-LABEL: == second free: 1 race(s)
  // CHECK-NEXT: race free-free slot 2:1 site 20 vs slot 1:1 site 10 [4, 8) count 1
  records("granule 0", BASE);
  // CHECK-LABEL: -- granule 0: 2 record(s)
  // CHECK-DAG: rec free slot 1:1 mask ff0f site 10
  // CHECK-DAG: rec free slot 2:1 mask 00f0 site 20
  csan_shadow_cpu_destroy(sh);
  return 0;
}
