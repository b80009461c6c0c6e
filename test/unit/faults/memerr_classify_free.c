// csan_memerr_classify_free, for a free the allocator rejected: a freed
// block starting at the pointer (no live one containing it) is a double
// free naming that block and its free; a pointer inside a live or a freed
// block is an invalid free naming it and the offset; a pointer near a live
// block is an invalid free naming the nearest; one far from everything is
// an invalid free naming nothing. A block freed and allocated again at the
// same base is live: freeing its inside is invalid, not a double free.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>
#include <string.h>

#include "csan_memerr.h"

static csan_allocs *g;

static void add(uint64_t base, uint64_t size) {
  csan_alloc_info a;
  memset(&a, 0, sizeof a);
  a.base = base;
  a.size = size;
  a.flags = CSAN_ALLOC_DEVICE;
  a.made.api = "cudaMalloc";
  csan_allocs_add(g, &a);
}

static void check(const char *what, uint64_t addr) {
  csan_memerr e;
  csan_memerr_kind k = csan_memerr_classify_free(g, addr, &e);
  printf("%s: %s", what, csan_memerr_kind_name(k));
  if (e.have_alloc)
    printf(", at %+lld of [0x%llx, +%llu)%s%s", (long long)(e.bad - e.alloc.base),
           (unsigned long long)e.alloc.base, (unsigned long long)e.alloc.size,
           (e.alloc.flags & CSAN_ALLOC_FREED) ? " freed by " : "",
           (e.alloc.flags & CSAN_ALLOC_FREED) ? e.alloc.freed.api : "");
  else
    printf(", no allocation");
  printf(" (free %d)\n", (int)e.is_free);
}

int main(void) {
  g = csan_allocs_create(0);
  csan_alloc_event fr;
  memset(&fr, 0, sizeof fr);
  fr.api = "cudaFree";
  add(0x100000, 1024);
  add(0x200000, 4096);
  csan_allocs_remove(g, 0x200000, &fr, NULL);

  check("second free", 0x200000);
  // CHECK: second free: double-free, at +0 of [0x200000, +4096) freed by cudaFree (free 1)
  check("inside a live block", 0x100000 + 16);
  // CHECK-NEXT: inside a live block: invalid-free, at +16 of [0x100000, +1024) (free 1)
  check("inside a freed block", 0x200000 + 64);
  // CHECK-NEXT: inside a freed block: invalid-free, at +64 of [0x200000, +4096) freed by cudaFree (free 1)
  check("just past a live block", 0x100000 + 1024 + 256);
  // CHECK-NEXT: just past a live block: invalid-free, at +1280 of [0x100000, +1024) (free 1)
  check("far away", 0x40000000);
  // CHECK-NEXT: far away: invalid-free, no allocation (free 1)
  add(0x200000, 2048); /* the address handed out again */
  check("inside the new block", 0x200000 + 64);
  // CHECK-NEXT: inside the new block: invalid-free, at +64 of [0x200000, +2048) (free 1)
  csan_allocs_destroy(g);
  return 0;
}
