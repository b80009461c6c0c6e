// Every reader since the last write stays visible: two unordered readers,
// then a write ordered after only the first, races with the second only
// (and the first reader's record gives way to the write). A write ordered
// after both readers races with neither.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch r1 = mk(1, 1), r2 = mk(2, 1);
  acc(&r1, BASE, 8, R, 10);
  acc(&r2, BASE, 8, R, 20);
  acc(&r1, BASE + 64, 8, R, 11);
  acc(&r2, BASE + 64, 8, R, 21);

  launch w = after(mk(3, 1), 1, 1);
  acc(&w, BASE, 8, W, 30);
  dump("after one reader");
  // CHECK-LABEL: == after one reader: 1 race(s)
  // CHECK-NEXT: race read-write slot 3:1 site 30 vs slot 2:1 site 20 [0, 8) count 1
  records("granule 0", BASE);
  // CHECK-LABEL: -- granule 0: 2 record(s)
  // CHECK-DAG: rec read slot 2:1 mask 00ff site 20
  // CHECK-DAG: rec write slot 3:1 mask 00ff site 30

  launch w2 = after(after(mk(4, 1), 1, 1), 2, 1);
  acc(&w2, BASE + 64, 8, W, 40);
  dump("after both readers");
  // CHECK-LABEL: == after both readers: 0 race(s)
  records("granule 4", BASE + 64);
  // CHECK-LABEL: -- granule 4: 1 record(s)
  // CHECK-NEXT: rec write slot 4:1 mask 00ff site 40
  csan_shadow_cpu_destroy(sh);
  return 0;
}
