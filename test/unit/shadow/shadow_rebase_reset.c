// Rebase (epochs restart after a device-wide synchronization): every record
// is cleared except FREE markers, which become FREE records of epoch 0 that
// still report use-after-free; escalated granules come back to their cells
// and the pool starts over. New launches with small epochs then see no
// stale records.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(16, 64);
  track(BASE, 4096);
  launch w = mk(1, 900);
  acc(&w, BASE, 16, W, 10);
  launch f = mk(2, 700);
  acc(&f, BASE + 16, 8, FREE, 20);
  acc(&f, BASE + 16, 16, FREE, 21); // merges, keeps site 20
  launch r3 = mk(3, 5), r4 = mk(4, 5), f5 = mk(5, 5);
  acc(&r3, BASE + 32, 16, R, 30);
  acc(&r4, BASE + 32, 16, R, 31);
  acc(&f5, BASE + 32, 4, FREE, 32);
  records("escalated before", BASE + 32);
  // CHECK-LABEL: -- escalated before: 3 record(s) escalated
  csan_shadow_cpu_clear_races(sh);

  csan_shadow_cpu_reset(sh);
  records("write", BASE);
  // CHECK-LABEL: -- write: 0 record(s)
  records("free", BASE + 16);
  // CHECK-LABEL: -- free: 1 record(s)
  // CHECK-NEXT: rec free slot 0:0 mask ffff site 20
  records("escalated after", BASE + 32);
  // CHECK-LABEL: -- escalated after: 1 record(s)
  // CHECK-NEXT: rec free slot 0:0 mask 000f site 32
  csan_shadow_pool_stats st;
  csan_shadow_cpu_pool_stats(sh, &st);
  printf("pool handed %u free %u\n", st.handed, st.free);
  // CHECK: pool handed 0 free 0

  launch x = mk(6, 1); // new epochs, clock all zero
  acc(&x, BASE, 16, W, 40);
  acc(&x, BASE + 20, 4, R, 41);
  acc(&x, BASE + 36, 4, R, 42);
  dump("after reset");
  // CHECK-LABEL: == after reset: 1 race(s)
  // CHECK-NEXT: race free-read slot 6:1 site 41 vs slot 0:0 site 20 [20, 24) count 1
  csan_shadow_cpu_destroy(sh);
  return 0;
}
