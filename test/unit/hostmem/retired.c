// Freed regions (csan_hostmem_retire): a retired region keeps its place in
// the table and the published hull, an access to it touches no shadow and
// says where it met the retired bytes, a lookup does not find it, a new
// region over it replaces it, and only a retired region is dropped by
// csan_hostmem_drop_retired (a live one at the same base stays).
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>

#include "csan_alloc.h"
#include "csan_hostmem.h"

static volatile uint64_t lo, span;

int main(void) {
  csan_hostmem *h = csan_hostmem_create(64, 16, (csan_hostmem_bounds){&lo, &span});
  csan_hostmem_add(h, 0x10000, 0x100, CSAN_ALLOC_HOST_PINNED);
  csan_hostmem_add(h, 0x20000, 0x40, CSAN_ALLOC_MANAGED);
  int r = csan_hostmem_retire(h, 0x10000);
  int twice = csan_hostmem_retire(h, 0x10000);
  printf("retire: %d %d n=%u lo=%#llx span=%#llx\n", r, twice, csan_hostmem_regions(h),
         (unsigned long long)lo, (unsigned long long)span);
  // CHECK: retire: 1 0 n=1 lo=0x10000 span=0x10040
  printf("find retired: %d\n", csan_hostmem_find(h, 0x10010, NULL, NULL, NULL));
  // CHECK: find retired: 0

  csan_launch_ctx ctx;
  csan_shadow_cpu_ctx(csan_hostmem_shadow(h), &ctx, CSAN_HOST_SLOT, 1, NULL);
  uint64_t at = 0;
  unsigned t = csan_hostmem_access(h, &ctx, 0x100f8, 0x10, CSAN_ACC_READ, 0, &at);
  printf("access retired: %u at %#llx\n", t, (unsigned long long)at);
  // CHECK: access retired: 2 at 0x100f8
  t = csan_hostmem_access(h, &ctx, 0x100f8, 0x10010, CSAN_ACC_WRITE, 0, &at);
  printf("access both: %u\n", t);
  // CHECK: access both: 3

  // A live region at the same base (a new allocation there) is not dropped.
  csan_hostmem_add(h, 0x10000, 0x80, CSAN_ALLOC_HOST_PINNED);
  int dropped = csan_hostmem_drop_retired(h, 0x10000);
  printf("replaced: n=%u dropped=%d find=%d\n", csan_hostmem_regions(h), dropped,
         csan_hostmem_find(h, 0x10010, NULL, NULL, NULL));
  // CHECK: replaced: n=2 dropped=0 find=1

  csan_hostmem_retire(h, 0x20000);
  dropped = csan_hostmem_drop_retired(h, 0x20000);
  printf("dropped: %d n=%u lo=%#llx span=%#llx\n", dropped, csan_hostmem_regions(h),
         (unsigned long long)lo, (unsigned long long)span);
  // CHECK: dropped: 1 n=1 lo=0x10000 span=0x80
  csan_hostmem_destroy(h);
  return 0;
}
