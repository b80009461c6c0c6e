// The region table of host memory the device uses (csan_hostmem.h): the
// published bounds are the hull of the live regions (0, 0 with none), a
// lookup finds the region containing an address and nothing between
// regions, a range is clipped to the regions it meets, and a region that
// overlaps a new one is dropped.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>

#include "csan_alloc.h"
#include "csan_hostmem.h"

static volatile uint64_t lo = 1, span = 1;

int main(void) {
  csan_hostmem *h = csan_hostmem_create(64, 16, (csan_hostmem_bounds){&lo, &span});
  printf("empty: lo=%llu span=%llu\n", (unsigned long long)lo, (unsigned long long)span);
  // CHECK: empty: lo=0 span=0
  csan_hostmem_add(h, 0x10000, 0x100, CSAN_ALLOC_HOST_PINNED);
  csan_hostmem_add(h, 0x20000, 0x40, CSAN_ALLOC_MANAGED);
  printf("two: lo=%#llx span=%#llx n=%u\n", (unsigned long long)lo, (unsigned long long)span,
         csan_hostmem_regions(h));
  // CHECK: two: lo=0x10000 span=0x10040 n=2
  uint64_t b, s;
  uint32_t k;
  int found = csan_hostmem_find(h, 0x20010, &b, &s, &k);
  printf("find inside: %d base=%#llx kind=%u\n", found, (unsigned long long)b, k);
  // CHECK: find inside: 1 base=0x20000 kind=2
  printf("find between: %d\n", csan_hostmem_find(h, 0x18000, NULL, NULL, NULL));
  // CHECK: find between: 0
  uint64_t cl, ch;
  int clipped = csan_hostmem_clip(h, 0x100f0, 0x20000, &cl, &ch);
  printf("clip: %d [%#llx, %#llx)\n", clipped, (unsigned long long)cl, (unsigned long long)ch);
  // CHECK: clip: 1 [0x100f0, 0x20040)
  printf("clip outside: %d\n", csan_hostmem_clip(h, 0x30000, 16, &cl, &ch));
  // CHECK: clip outside: 0
  csan_hostmem_add(h, 0x10080, 0x100, CSAN_ALLOC_HOST_PINNED); // overlaps the first
  printf("replaced: n=%u lo=%#llx first=%d\n", csan_hostmem_regions(h), (unsigned long long)lo,
         csan_hostmem_find(h, 0x10000, NULL, NULL, NULL));
  // CHECK: replaced: n=2 lo=0x10080 first=0
  int first = csan_hostmem_remove(h, 0x10080);
  int again = csan_hostmem_remove(h, 0x10080);
  printf("remove: %d %d n=%u\n", first, again, csan_hostmem_regions(h));
  // CHECK: remove: 1 0 n=1
  csan_hostmem_remove(h, 0x20000);
  printf("none: lo=%llu span=%llu\n", (unsigned long long)lo, (unsigned long long)span);
  // CHECK: none: lo=0 span=0
  csan_hostmem_destroy(h);
  return 0;
}
