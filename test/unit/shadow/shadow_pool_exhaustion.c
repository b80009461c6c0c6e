// An exhausted pool never crashes and is never silent: each record that
// found no room is counted in pool->exhausted, and the granule keeps the
// most important records (FREE markers, then writes, then reads; among
// equals the newest).
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

static void pool(const char *label) {
  csan_shadow_pool_stats st;
  csan_shadow_cpu_pool_stats(sh, &st);
  printf("pool %s: handed %u exhausted %u\n", label, st.handed, st.exhausted);
}

int main(void) {
  setup(1, 256); // one block
  track(BASE, 4096);
  launch l[16];
  for (int i = 0; i < 16; i++)
    l[i] = mk(1 + (uint32_t)i, 1);

  // Granule 0 takes the only block.
  for (int i = 0; i < 3; i++)
    acc(&l[i], BASE, 16, R, 10 + i);
  pool("granule 0 escalated");
  // CHECK: pool granule 0 escalated: handed 1 exhausted 0

  // Granule 1: the third reader finds no block; the oldest reader gives way.
  for (int i = 0; i < 3; i++)
    acc(&l[i], BASE + 16, 16, R, 20 + i);
  pool("granule 1");
  // CHECK: pool granule 1: handed 1 exhausted 1
  records("granule 1", BASE + 16);
  // CHECK-LABEL: -- granule 1: 2 record(s)
  // CHECK-NEXT: rec read slot 2:1 mask ffff site 21
  // CHECK-NEXT: rec read slot 3:1 mask ffff site 22

  // Granule 2: a FREE marker outranks reads.
  acc(&l[0], BASE + 32, 16, FREE, 30);
  acc(&l[1], BASE + 32, 16, R, 31);
  acc(&l[2], BASE + 32, 16, R, 32);
  records("granule 2", BASE + 32);
  // CHECK-LABEL: -- granule 2: 2 record(s)
  // CHECK-NEXT: rec free slot 1:1 mask ffff site 30
  // CHECK-NEXT: rec read slot 3:1 mask ffff site 32
  pool("granule 2");
  // CHECK: pool granule 2: handed 1 exhausted 2
  csan_shadow_cpu_clear_races(sh);
  launch late = mk(17, 1);
  acc(&late, BASE + 32, 4, W, 33);
  dump("use after free still seen");
  // CHECK-LABEL: == use after free still seen: 2 race(s)
  // CHECK-DAG: race free-write slot 17:1 site 33 vs slot 1:1 site 30 [32, 36) count 1
  // CHECK-DAG: race read-write slot 17:1 site 33 vs slot 3:1 site 32 [32, 36) count 1
  records("granule 2 with the write", BASE + 32);
  // CHECK-LABEL: -- granule 2 with the write: 2 record(s)
  // CHECK-NEXT: rec free slot 1:1 mask ffff site 30
  // CHECK-NEXT: rec write slot 17:1 mask 000f site 33
  pool("write kept");
  // CHECK: pool write kept: handed 1 exhausted 3

  // Granule 0's chain fills up (10 records); an 11th reader does not fit and
  // is dropped (it ranks no higher than the reads there); a write takes the
  // place of the oldest read.
  for (int i = 3; i < 11; i++)
    acc(&l[i], BASE, 16, R, 10 + i);
  records("granule 0 full", BASE);
  // CHECK-LABEL: -- granule 0 full: 10 record(s) escalated
  // CHECK-NOT: rec read slot 11:1
  // CHECK: pool chain full: handed 1 exhausted 4
  pool("chain full");
  launch w = mk(18, 1);
  acc(&w, BASE, 1, W, 40);
  records("granule 0 with the write", BASE);
  // CHECK-LABEL: -- granule 0 with the write: 10 record(s) escalated
  // CHECK-NEXT: rec write slot 18:1 mask 0001 site 40
  // CHECK-NEXT: rec read slot 2:1 mask ffff site 11
  // CHECK-NEXT: rec read slot 3:1 mask ffff site 12
  // CHECK-NEXT: rec read slot 4:1 mask ffff site 13
  // CHECK-NEXT: rec read slot 5:1 mask ffff site 14
  // CHECK-NEXT: rec read slot 6:1 mask ffff site 15
  // CHECK-NEXT: rec read slot 7:1 mask ffff site 16
  // CHECK-NEXT: rec read slot 8:1 mask ffff site 17
  // CHECK-NEXT: rec read slot 9:1 mask ffff site 18
  // CHECK-NEXT: rec read slot 10:1 mask ffff site 19
  pool("end");
  // CHECK-NEXT: pool end: handed 1 exhausted 5
  csan_shadow_cpu_destroy(sh);
  return 0;
}
