// Freed bytes are reported on every later touch (use-after-free), even when
// the access is ordered after the free, and the FREE marker survives the
// accesses that meet it. Bytes outside the freed range are not reported.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch w = mk(1, 1);
  acc(&w, BASE, 64, W, 10);
  launch f = after(mk(CSAN_HOST_SLOT, 1), 1, 1);
  acc(&f, BASE, 32, FREE, 20);
  dump("free ordered after the write");
  // CHECK-LABEL: == free ordered after the write: 0 race(s)

  launch r = after(after(mk(2, 1), 1, 1), CSAN_HOST_SLOT, 1);
  acc(&r, BASE + 28, 8, R, 30); // [28, 32) freed, [32, 36) not
  acc(&r, BASE + 40, 8, R, 31);
  dump("read after free");
  // CHECK-LABEL: == read after free: 1 race(s)
  // CHECK-NEXT: race free-read slot 2:1 site 30 vs slot 255:1 site 20 [28, 32) count 1

  launch w2 = after(after(mk(3, 1), 1, 1), CSAN_HOST_SLOT, 1);
  acc(&w2, BASE + 8, 4, W, 40);
  acc(&w2, BASE + 8, 4, W, 41); // covered by its own record: not again
  dump("write after free");
  // CHECK-LABEL: == write after free: 1 race(s)
  // CHECK-NEXT: race free-write slot 3:1 site 40 vs slot 255:1 site 20 [8, 12) count 1
  records("marker kept", BASE + 8);
  // CHECK-LABEL: -- marker kept: 2 record(s)
  // CHECK-DAG: rec free slot 255:1 mask ffff site 20
  // CHECK-DAG: rec write slot 3:1 mask 0f00 site 40
  csan_shadow_cpu_destroy(sh);
  return 0;
}
