// Accesses that cross granule boundaries are split per granule: each part
// is checked against its own granule, and a race over several granules is
// one entry whose hull spans them.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch a = mk(1, 1), b = mk(2, 1);

  // 8 bytes at 12: [12, 16) of granule 0 and [16, 20) of granule 1.
  acc(&a, BASE + 12, 8, W, 10);
  acc(&b, BASE + 20, 4, W, 20); // granule 1, after the write's bytes
  acc(&b, BASE + 8, 4, R, 21);  // granule 0, before them
  dump("beside the crossing write");
  // CHECK-LABEL: == beside the crossing write: 0 race(s)
  acc(&b, BASE + 18, 2, R, 22);
  dump("second half");
  // CHECK-LABEL: == second half: 1 race(s)
  // CHECK-NEXT: race write-read slot 2:1 site 22 vs slot 1:1 site 10 [18, 20) count 1

  // A 50-byte unaligned range over four granules, read in part across two.
  acc(&a, BASE + 100, 50, W, 11);
  acc(&b, BASE + 150, 10, R, 23);
  dump("after the range");
  // CHECK-LABEL: == after the range: 0 race(s)
  acc(&b, BASE + 140, 20, R, 24);
  dump("across two granules");
  // CHECK-LABEL: == across two granules: 1 race(s)
  // CHECK-NEXT: race write-read slot 2:1 site 24 vs slot 1:1 site 11 [140, 150) count 2
  csan_shadow_cpu_destroy(sh);
  return 0;
}
