// Two unordered streams writing disjoint bytes of one granule do not race;
// when they share one byte they race on exactly that byte.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 256);
  launch a = mk(1, 1), b = mk(2, 1);

  // Bytes [0, 8) and [8, 16) of granule 0.
  acc(&a, BASE + 0, 8, W, 10);
  acc(&b, BASE + 8, 8, W, 20);
  dump("disjoint");
  // CHECK-LABEL: == disjoint: 0 race(s)
  // CHECK-NOT: race

  // Bytes [32, 40) and [39, 47): byte 39 is shared.
  acc(&a, BASE + 32, 8, W, 11);
  acc(&b, BASE + 39, 8, W, 21);
  dump("one shared byte");
  // CHECK-LABEL: == one shared byte: 1 race(s)
  // CHECK-NEXT: race write-write slot 2:1 site 21 vs slot 1:1 site 11 [39, 40) count 1

  // Single bytes side by side in another granule, then the same byte.
  acc(&a, BASE + 64, 1, R, 12);
  acc(&b, BASE + 65, 1, W, 22);
  acc(&b, BASE + 66, 1, W, 23);
  dump("adjacent bytes");
  // CHECK-LABEL: == adjacent bytes: 0 race(s)
  acc(&b, BASE + 64, 1, W, 24);
  dump("same byte");
  // CHECK-LABEL: == same byte: 1 race(s)
  // CHECK-NEXT: race read-write slot 2:1 site 24 vs slot 1:1 site 12 [64, 65) count 1
  csan_shadow_cpu_destroy(sh);
  return 0;
}
