// track() gives a new page's other granules the UNTRACKED mark and the range
// EMPTY (a granule partly in the range is tracked whole); tracking a range
// again (a new allocation at the same address) empties its records,
// FREE markers included, and leaves records of neighbouring bytes alone.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE + 8, 40); // bytes [8, 48): granules 0, 1, 2
  records("before", BASE - 16);
  records("first", BASE);
  records("last", BASE + 32);
  records("after", BASE + 48);
  // CHECK-LABEL: -- before: 0 record(s) untracked
  // CHECK-LABEL: -- first: 0 record(s)
  // CHECK-NOT: untracked
  // CHECK-LABEL: -- last: 0 record(s)
  // CHECK-NOT: untracked
  // CHECK-LABEL: -- after: 0 record(s) untracked

  launch a = mk(1, 1);
  acc(&a, BASE, 16, W, 10);       // bytes 0..7 are outside the range, but tracked
  acc(&a, BASE + 16, 16, FREE, 11);
  track(BASE + 8, 16);            // [8, 24): half of granule 0, half of granule 1
  records("granule 0 after retrack", BASE);
  // CHECK-LABEL: -- granule 0 after retrack: 1 record(s)
  // CHECK-NEXT: rec write slot 1:1 mask 00ff site 10
  records("granule 1 after retrack", BASE + 16);
  // CHECK-LABEL: -- granule 1 after retrack: 1 record(s)
  // CHECK-NEXT: rec free slot 1:1 mask ff00 site 11

  launch b = mk(2, 1);
  acc(&b, BASE + 4, 16, R, 20);
  dump("reads");
  // CHECK-LABEL: == reads: 1 race(s)
  // CHECK-NEXT: race write-read slot 2:1 site 20 vs slot 1:1 site 10 [4, 8) count 1

  printf("bad ranges: %d %d %d\n", csan_shadow_cpu_track(sh, BASE, 0),
         csan_shadow_cpu_track(sh, (1ull << 49) - 8, 16), csan_shadow_cpu_track(sh, ~0ull - 4, 16));
  // CHECK: bad ranges: -1 -1 -1
  csan_shadow_cpu_destroy(sh);
  return 0;
}
