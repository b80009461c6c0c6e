// Atomics do not race with atomics (atomic writes and reads, any order),
// but a plain write does race with an unordered atomic one.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch a = mk(1, 1), b = mk(2, 1), c = mk(3, 1), d = mk(4, 1);
  acc(&a, BASE, 4, AW, 10);
  acc(&b, BASE, 4, AW, 20);
  acc(&c, BASE, 4, AR, 30);
  acc(&d, BASE, 8, AW, 40);
  dump("atomics");
  // CHECK-LABEL: == atomics: 0 race(s)
  // CHECK-NOT: race
  launch p = mk(5, 1);
  acc(&p, BASE + 64, 4, AW, 50);
  acc(&a, BASE + 64, 4, W, 11);
  dump("plain write");
  // CHECK-LABEL: == plain write: 1 race(s)
  // CHECK-NEXT: race atomic-write-write slot 1:1 site 11 vs slot 5:1 site 50 [64, 68) count 1
  csan_shadow_cpu_destroy(sh);
  return 0;
}
