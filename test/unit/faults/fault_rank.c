// csan_fault_rank over progress snapshots: the launch the device named
// first (never twice); then every launch begun and not finished, the most
// recently issued first; only when none is running, the oldest unfinished
// launch of each stream, the most recently issued first; markers that went
// backwards (done > started, started > issued) count as none; streams whose
// launches all finished, nothing; at most max candidates.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>
#include <string.h>

#include "csan_faults.h"

static void show(const char *what, const csan_fault_progress *p, size_t n,
                 const csan_fault_device_record *dev, size_t max) {
  csan_fault_candidate c[8];
  size_t k = csan_fault_rank(p, n, dev, c, max);
  printf("%s:", what);
  static const char *const why[] = {"device", "running", "head"};
  for (size_t i = 0; i < k; i++)
    printf(" %s(%u,%u)", why[c[i].why], c[i].slot, c[i].seq);
  printf("\n");
}

int main(void) {
  // slot, issued, started, done, started_order, head_order
  csan_fault_progress one[] = {{2, 3, 2, 1, 20, 20}};
  show("one running", one, 1, NULL, 8);
  // CHECK: one running: running(2,2)

  csan_fault_progress two[] = {{1, 1, 1, 0, 10, 10}, {2, 3, 2, 1, 30, 30}, {3, 4, 4, 4, 0, 0}};
  show("two running", two, 3, NULL, 8);
  // CHECK-NEXT: two running: running(2,2) running(1,1)
  show("two running, max 1", two, 3, NULL, 1);
  // CHECK-NEXT: two running, max 1: running(2,2)

  csan_fault_device_record dev = {true, 1, 1, "k.cu", 12};
  show("device first", two, 3, &dev, 8);
  // CHECK-NEXT: device first: device(1,1) running(2,2)

  csan_fault_progress idle[] = {{1, 5, 3, 3, 0, 40}, {2, 2, 1, 1, 0, 50}, {3, 7, 7, 7, 0, 0}};
  show("heads", idle, 3, NULL, 8);
  // CHECK-NEXT: heads: head(2,2) head(1,4)

  csan_fault_progress mixed[] = {{1, 5, 3, 3, 0, 40}, {2, 2, 2, 1, 60, 60}};
  show("a running launch hides the heads", mixed, 2, NULL, 8);
  // CHECK-NEXT: a running launch hides the heads: running(2,2)

  csan_fault_progress backwards[] = {{1, 3, 1, 2, 10, 0}, {2, 2, 5, 1, 0, 0}};
  show("markers went backwards", backwards, 2, NULL, 8);
  // CHECK-NEXT: markers went backwards:{{$}}

  csan_fault_progress finished[] = {{1, 3, 3, 3, 0, 0}};
  show("all finished", finished, 1, NULL, 8);
  // CHECK-NEXT: all finished:{{$}}
  show("nothing", NULL, 0, &dev, 8);
  // CHECK-NEXT: nothing: device(1,1)
  return 0;
}
