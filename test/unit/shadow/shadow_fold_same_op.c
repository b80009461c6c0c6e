// A granule that would need a third record folds two records of one
// operation instead of escalating: three sites of one launch reading it
// (a stencil's neighbours) keep one read record, with the first site; a
// launch's read that its own write covers goes. No race is lost: a writer
// unordered with the reading launch still races on every byte it read,
// named by the kept site. Records of different operations never fold:
// three unordered readers still escalate (shadow_escalation.c).
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"
#include "csan_shadow_cpu_platform.h"

static void pool(const char *label) {
  csan_shadow_pool_stats st;
  csan_shadow_cpu_pool_stats(sh, &st);
  printf("pool %s: handed %u\n", label, st.handed);
}

int main(void) {
  setup(16, 256);
  track(BASE, 1u << 16);
  launch w = mk(1, 1);
  acc(&w, BASE, 16, W, 10);

  // A launch ordered after the write reads the granule from three sites:
  // bytes [0, 8) at site 20, [4, 12) at site 21, [8, 16) at site 22.
  launch s = after(mk(2, 1), 1, 1);
  acc(&s, BASE, 8, R, 20);
  acc(&s, BASE + 4, 8, R, 21);
  acc(&s, BASE + 8, 8, R, 22);
  records("three sites", BASE);
  // CHECK-LABEL: -- three sites: 2 record(s)
  // CHECK-NOT:   escalated
  // CHECK-DAG:   rec write slot 1:1 mask ffff site 10
  // CHECK-DAG:   rec read slot 2:1 mask ffff site 20
  pool("three sites");
  // CHECK: pool three sites: handed 0

  // A writer unordered with the reading launch races on all 16 bytes.
  launch x = after(mk(3, 1), 1, 1);
  acc(&x, BASE, 16, W, 30);
  dump("unordered writer");
  // CHECK-LABEL: == unordered writer: 1 race(s)
  // CHECK-NEXT:  race read-write slot 3:1 site 30 vs slot 2:1 site 20 [0, 16) count 1

  // Own write over own read: after another launch's write of the granule, a
  // launch reads [0, 4) (site 40), then writes [0, 8) (site 41): the other
  // write keeps [8, 16), and the read goes into the write.
  uint64_t g = BASE + 64;
  launch w2 = mk(4, 1);
  acc(&w2, g, 16, W, 11);
  launch o = after(mk(5, 1), 4, 1);
  acc(&o, g, 4, R, 40);
  records("own read", g);
  // CHECK-LABEL: -- own read: 2 record(s)
  acc(&o, g, 8, W, 41);
  records("own write covers own read", g);
  // CHECK-LABEL: -- own write covers own read: 2 record(s)
  // CHECK-NOT:   escalated
  // CHECK-DAG:   rec write slot 4:1 mask ff00 site 11
  // CHECK-DAG:   rec write slot 5:1 mask 00ff site 41
  pool("own write");
  // CHECK: pool own write: handed 0

  // A reader unordered with that launch races with its write of [0, 4),
  // where the dropped read was.
  launch y = after(mk(6, 1), 4, 1);
  acc(&y, g, 4, R, 50);
  dump("unordered reader");
  // CHECK-LABEL: == unordered reader: 1 race(s)
  // CHECK-NEXT:  race write-read slot 6:1 site 50 vs slot 5:1 site 41 [64, 68) count 1
  return 0;
}
