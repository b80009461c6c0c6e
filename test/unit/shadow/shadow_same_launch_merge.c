// Records of one launch with the same kind and site merge into one (masks
// ORed); another site's record stays apart, so a race names each site with
// its own bytes; a launch never races with itself; a read after the launch's
// own write is covered by the write, a write after its own read is a second
// record.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch a = mk(1, 1), b = mk(2, 1);
  for (int i = 0; i < 16; i++)
    acc(&a, BASE + (uint64_t)i, 1, W, 100);
  acc(&a, BASE + 3, 4, R, 200); // covered by the write
  acc(&a, BASE, 16, W, 201);    // same bytes again: covered, no race with itself
  records("granule 0", BASE);
  // CHECK-LABEL: -- granule 0: 1 record(s)
  // CHECK-NEXT: rec write slot 1:1 mask ffff site 100
  dump("self");
  // CHECK-LABEL: == self: 0 race(s)

  acc(&b, BASE + 7, 1, R, 300);
  dump("other launch");
  // CHECK-LABEL: == other launch: 1 race(s)
  // CHECK-NEXT: race write-read slot 2:1 site 300 vs slot 1:1 site 100 [7, 8) count 1

  acc(&a, BASE + 16, 2, R, 400);
  acc(&a, BASE + 18, 2, R, 400);
  acc(&a, BASE + 16, 4, W, 402);
  records("read then write", BASE + 16);
  // CHECK-LABEL: -- read then write: 2 record(s)
  // CHECK-NEXT: rec read slot 1:1 mask 000f site 400
  // CHECK-NEXT: rec write slot 1:1 mask 000f site 402

  /* Two sites of one launch in one granule: bytes [0, 4) and [8, 12). */
  acc(&a, BASE + 32, 4, W, 500);
  acc(&a, BASE + 40, 4, W, 501);
  records("two sites", BASE + 32);
  // CHECK-LABEL: -- two sites: 2 record(s)
  // CHECK-NEXT: rec write slot 1:1 mask 000f site 500
  // CHECK-NEXT: rec write slot 1:1 mask 0f00 site 501
  acc(&b, BASE + 32, 16, R, 502);
  dump("reader of both");
  // CHECK-LABEL: == reader of both: 2 race(s)
  // CHECK-DAG: race write-read slot 2:1 site 502 vs slot 1:1 site 500 [32, 36) count 1
  // CHECK-DAG: race write-read slot 2:1 site 502 vs slot 1:1 site 501 [40, 44) count 1
  csan_shadow_cpu_destroy(sh);
  return 0;
}
