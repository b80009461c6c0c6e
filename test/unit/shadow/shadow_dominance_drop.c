// A write ordered after an older write replaces it, so a later reader that
// is ordered after the newer write (but knows nothing of the older one) is
// not reported against the stale older write. If the newer access does not
// dominate the older one (an atomic write after a plain write), the older
// record stays and the reader does race with it.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  launch old = mk(1, 1);
  acc(&old, BASE, 8, W, 10);
  acc(&old, BASE + 64, 8, W, 11);

  launch newer = after(mk(2, 1), 1, 1);
  acc(&newer, BASE, 8, W, 20);
  acc(&newer, BASE + 64, 8, AW, 21);
  dump("newer writes");
  // CHECK-LABEL: == newer writes: 0 race(s)
  records("plain write after write", BASE);
  // CHECK-LABEL: -- plain write after write: 1 record(s)
  // CHECK-NEXT: rec write slot 2:1 mask 00ff site 20
  records("atomic write after write", BASE + 64);
  // CHECK-LABEL: -- atomic write after write: 2 record(s)

  // Ordered after slot 2 only (its clock entry for slot 1 is 0).
  launch reader = after(mk(3, 1), 2, 1);
  acc(&reader, BASE, 8, R, 30);
  acc(&reader, BASE + 64, 8, R, 31);
  dump("reader");
  // CHECK-LABEL: == reader: 1 race(s)
  // CHECK-NEXT: race write-read slot 3:1 site 31 vs slot 1:1 site 11 [64, 72) count 1
  csan_shadow_cpu_destroy(sh);
  return 0;
}
