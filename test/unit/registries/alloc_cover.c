// Covering a byte range for a report: live allocations first, or freed
// blocks first for a use-after-free; picks never overlap each other, come
// out sorted by base, and leave out bytes no allocation holds.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>
#include <string.h>

#include "csan_alloc.h"

static csan_allocs *g;

static void add(uint64_t base, uint64_t size, const char *name) {
  csan_alloc_info a;
  memset(&a, 0, sizeof(a));
  a.base = base;
  a.size = size;
  a.name = name;
  a.made.api = "alloc";
  csan_allocs_add(g, &a);
}

static void cover(uint64_t lo, uint64_t hi, bool freed_first) {
  csan_alloc_info out[8];
  size_t n = csan_allocs_cover(g, lo, hi, freed_first, out, 8);
  printf("[0x%llx,0x%llx)%s:", (unsigned long long)lo, (unsigned long long)hi,
         freed_first ? " freed-first" : "");
  for (size_t i = 0; i < n; i++)
    printf(" %s%s", out[i].name, (out[i].flags & CSAN_ALLOC_FREED) ? "(freed)" : "");
  printf("\n");
}

int main(void) {
  g = csan_allocs_create(0);
  add(0x1000, 0x100, "a");
  add(0x1100, 0x100, "b");
  add(0x1300, 0x100, "c");
  add(0x2000, 0x100, "old");
  csan_allocs_remove(g, 0x2000, NULL, NULL);
  add(0x2000, 0x80, "new");

  cover(0x1010, 0x1020, false);   // CHECK: [0x1010,0x1020): a
  cover(0x10f0, 0x1110, false);   // CHECK: [0x10f0,0x1110): a b
  cover(0x10f0, 0x1310, false);   // CHECK: [0x10f0,0x1310): a b c
  cover(0x1200, 0x1300, false);   // CHECK: [0x1200,0x1300):{{$}}
  cover(0x0, 0x1000, false);      // CHECK: [0x0,0x1000):{{$}}
  // The reused range: the live block wins, then the freed one covers the
  // rest; a use-after-free prefers the freed block.
  cover(0x2000, 0x2010, false);   // CHECK: [0x2000,0x2010): new
  cover(0x2090, 0x20a0, false);   // CHECK: [0x2090,0x20a0): old(freed)
  cover(0x2000, 0x2010, true);    // CHECK: [0x2000,0x2010) freed-first: old(freed)
  cover(0x1ff0, 0x2100, false);   // CHECK: [0x1ff0,0x2100): new
  csan_allocs_destroy(g);
  return 0;
}
