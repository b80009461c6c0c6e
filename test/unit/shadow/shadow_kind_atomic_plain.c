// Atomic against plain: races when one of them writes (both orders, both
// directions); an atomic read and a plain read do not race.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch a = mk(1, 1), b = mk(2, 1);
  acc(&a, BASE + 0, 4, AW, 10);
  acc(&b, BASE + 0, 4, R, 20);
  acc(&a, BASE + 16, 4, R, 11);
  acc(&b, BASE + 16, 4, AW, 21);
  acc(&a, BASE + 32, 4, W, 12);
  acc(&b, BASE + 32, 4, AR, 22);
  acc(&a, BASE + 48, 4, AR, 13);
  acc(&b, BASE + 48, 4, W, 23);
  acc(&a, BASE + 64, 4, AR, 14);
  acc(&b, BASE + 64, 4, R, 24);
  acc(&a, BASE + 80, 4, R, 15);
  acc(&b, BASE + 80, 4, AR, 25);
  dump("atomic and plain");
  // CHECK-LABEL: == atomic and plain: 4 race(s)
  // CHECK-NEXT: race atomic-write-read slot 2:1 site 20 vs slot 1:1 site 10 [0, 4) count 1
  // CHECK-NEXT: race read-atomic-write slot 2:1 site 21 vs slot 1:1 site 11 [16, 20) count 1
  // CHECK-NEXT: race write-atomic-read slot 2:1 site 22 vs slot 1:1 site 12 [32, 36) count 1
  // CHECK-NEXT: race atomic-read-write slot 2:1 site 23 vs slot 1:1 site 13 [48, 52) count 1
  // CHECK-NOT: race
  csan_shadow_cpu_destroy(sh);
  return 0;
}
