// A granule whose live records do not fit its two cells escalates to a
// chain of pool blocks (10 records each): every record is still checked.
// When an ordered write leaves one record, the granule returns to its
// cells and the chain goes back to the pool's free list, from where the
// next escalation takes it.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

static void pool(const char *label) {
  csan_shadow_pool_stats st;
  csan_shadow_cpu_pool_stats(sh, &st);
  printf("pool %s: handed %u free %u exhausted %u\n", label, st.handed, st.free, st.exhausted);
}

int main(void) {
  setup(16, 256);
  track(BASE, 4096);
  launch r[12];
  for (int i = 0; i < 2; i++) {
    r[i] = mk(1 + i, 1);
    acc(&r[i], BASE, 16, R, 10 + i);
  }
  records("two readers", BASE);
  // CHECK-LABEL: -- two readers: 2 record(s)
  // CHECK-NOT: escalated
  r[2] = mk(3, 1);
  acc(&r[2], BASE, 16, R, 12);
  records("three readers", BASE);
  // CHECK-LABEL: -- three readers: 3 record(s) escalated
  pool("after three");
  // CHECK: pool after three: handed 1 free 0 exhausted 0
  for (int i = 3; i < 12; i++) {
    r[i] = mk(1 + i, 1);
    acc(&r[i], BASE, 16, R, 10 + i);
  }
  pool("after twelve");
  // CHECK: pool after twelve: handed 2 free 0 exhausted 0

  launch w = mk(20, 1); // unordered with every reader
  acc(&w, BASE + 4, 2, W, 30);
  dump("unordered write");
  // CHECK-LABEL: == unordered write: 12 race(s)
  // CHECK-COUNT-12: race read-write slot 20:1 site 30 vs slot {{[0-9]+}}:1 site {{[0-9]+}} [4, 6) count 1

  launch w2 = mk(21, 1);
  for (int i = 0; i < 12; i++)
    w2 = after(w2, 1 + (uint32_t)i, 1);
  w2 = after(w2, 20, 1);
  acc(&w2, BASE, 16, W, 40);
  dump("ordered write");
  // CHECK-LABEL: == ordered write: 0 race(s)
  records("after the ordered write", BASE);
  // CHECK-LABEL: -- after the ordered write: 1 record(s)
  // CHECK-NEXT: rec write slot 21:1 mask ffff site 40
  pool("after de-escalation");
  // CHECK: pool after de-escalation: handed 2 free 2 exhausted 0

  for (int i = 0; i < 3; i++)
    acc(&r[i], BASE + 16, 16, R, 50 + i);
  records("another granule", BASE + 16);
  // CHECK-LABEL: -- another granule: 3 record(s) escalated
  pool("reused");
  // CHECK: pool reused: handed 2 free 1 exhausted 0
  csan_shadow_cpu_destroy(sh);
  return 0;
}
