// The race table keeps one entry per key (reporting op, other op, both
// sites, kinds): more racing accesses with the same key widen the entry's
// byte hull and add to its count; a different site is a different entry.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch w = mk(1, 1), r = mk(2, 1);
  acc(&w, BASE, 64, W, 10);
  acc(&r, BASE + 40, 4, R, 20);
  acc(&r, BASE + 4, 4, R, 20);
  acc(&r, BASE + 8, 2, R, 20);
  acc(&r, BASE + 60, 2, R, 21);
  dump("same key three times, another site once");
  // CHECK-LABEL: == same key three times, another site once: 2 race(s)
  // CHECK-NEXT: race write-read slot 2:1 site 20 vs slot 1:1 site 10 [4, 44) count 3
  // CHECK-NEXT: race write-read slot 2:1 site 21 vs slot 1:1 site 10 [60, 62) count 1
  uint32_t used, dropped;
  csan_shadow_cpu_races(sh, NULL, 0, &used, &dropped);
  printf("after clear: used %u dropped %u\n", used, dropped);
  // CHECK: after clear: used 0 dropped 0
  csan_shadow_cpu_destroy(sh);
  return 0;
}
