// Untracked memory is never checked or recorded: bytes of a shadowed page
// outside tracked ranges, pages without shadow, addresses at or above 2^49,
// and ranges after untrack. The same accesses inside a tracked range race.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 64);
  launch a = mk(1, 1), b = mk(2, 1);
  uint64_t outside = BASE + 4096;           // same page, not tracked
  uint64_t no_page = BASE + (64ull << 20);  // no shadow page at all
  uint64_t high = 1ull << 49;               // beyond the shadowed VA
  uint64_t addrs[] = {outside, no_page, high, BASE + 16};
  for (int i = 0; i < 4; i++) {
    acc(&a, addrs[i], 8, W, 10 + i);
    acc(&b, addrs[i], 8, W, 20 + i);
  }
  dump("untracked and tracked");
  // CHECK-LABEL: == untracked and tracked: 1 race(s)
  // CHECK-NEXT: race write-write slot 2:1 site 23 vs slot 1:1 site 13 [16, 24) count 1
  records("outside", outside);
  // CHECK-LABEL: -- outside: 0 record(s) untracked
  records("no page", no_page);
  // CHECK-LABEL: -- no page: -1 record(s)

  if (csan_shadow_cpu_untrack(sh, BASE, 64) != CSAN_SHADOW_OK)
    die("untrack");
  acc(&a, BASE + 32, 8, W, 14);
  acc(&b, BASE + 32, 8, W, 24);
  dump("after untrack");
  // CHECK-LABEL: == after untrack: 0 race(s)
  records("untracked again", BASE + 16);
  // CHECK-LABEL: -- untracked again: 0 record(s) untracked
  csan_shadow_cpu_destroy(sh);
  return 0;
}
