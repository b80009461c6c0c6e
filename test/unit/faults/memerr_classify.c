// csan_memerr_classify against the allocation registry: in bounds is no
// error; running past the end is out of bounds at the end; just past the end
// and a negative index are out of bounds of the nearest allocation (after
// its end, before its start); far from every allocation, or host memory, is
// not device memory (naming the nearest allocation only within 16 MiB: a
// host pointer's is terabytes away); inside a freed block is a use after free once the
// access is ordered after the free (an unordered cudaFreeAsync is a race,
// not this); stream-ordered memory is used before it exists until the
// access is ordered after its allocation. Nearness scales with the size of
// the allocation.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>
#include <string.h>

#include "csan_memerr.h"

static csan_allocs *g;

static void add(uint64_t base, uint64_t size, uint32_t flags, uint64_t op, uint32_t slot,
                uint32_t epoch) {
  csan_alloc_info a;
  memset(&a, 0, sizeof a);
  a.base = base;
  a.size = size;
  a.flags = CSAN_ALLOC_DEVICE | flags;
  a.made.api = flags & CSAN_ALLOC_STREAM_ORDERED ? "cudaMallocAsync" : "cudaMalloc";
  a.made.op_id = op;
  a.made.slot = slot;
  a.made.epoch = epoch;
  a.made.site = (csan_host_site){"app.cu", "main", 12, 3};
  csan_allocs_add(g, &a);
}

static void check(const char *what, uint64_t addr, uint64_t size, const csan_vc *vc, bool host) {
  csan_memerr_access acc = {addr, size, true, host, vc};
  csan_memerr e;
  csan_memerr_kind k = csan_memerr_classify(g, &acc, &e);
  printf("%s: %s", what, csan_memerr_kind_name(k));
  if (k != CSAN_MEMERR_NONE && e.have_alloc)
    printf(", bad byte at %+lld of [0x%llx, +%llu)", (long long)(e.bad - e.alloc.base),
           (unsigned long long)e.alloc.base, (unsigned long long)e.alloc.size);
  printf("\n");
}

int main(void) {
  g = csan_allocs_create(0);
  add(0x100000, 1024, 0, 0, 0, 0);
  add(0x200000, 1 << 20, 0, 0, 0, 0);
  add(0x400000, 256, CSAN_ALLOC_STREAM_ORDERED, 3, 1, 4);

  check("in bounds", 0x100000 + 1020, 4, NULL, false);
  // CHECK: in bounds: none
  check("runs past the end", 0x100000 + 1020, 8, NULL, false);
  // CHECK-NEXT: runs past the end: out-of-bounds, bad byte at +1024 of [0x100000, +1024)
  check("4 bytes after", 0x100000 + 1028, 4, NULL, false);
  // CHECK-NEXT: 4 bytes after: out-of-bounds, bad byte at +1028 of [0x100000, +1024)
  check("negative index", 0x100000 - 4, 4, NULL, false);
  // CHECK-NEXT: negative index: out-of-bounds, bad byte at -4 of [0x100000, +1024)
  check("far away", 0x180000, 4, NULL, false);
  // CHECK-NEXT: far away: not-device-memory, bad byte at +524288 of [0x100000, +1024)
  check("a host pointer", 0x555555554000ull, 4, NULL, false);
  // CHECK-NEXT: a host pointer: not-device-memory{{$}}
  check("256 KiB past a MiB", 0x300000 + (1 << 18), 4, NULL, false);
  // CHECK-NEXT: 256 KiB past a MiB: out-of-bounds, bad byte at +1310720 of [0x200000, +1048576)
  check("host memory", 0x100000 + 1028, 4, NULL, true);
  // CHECK-NEXT: host memory: not-device-memory

  csan_vc vc;
  csan_vc_clear(&vc);
  vc.c[1] = 3;
  check("before its allocation is ordered", 0x400000, 4, &vc, false);
  // CHECK-NEXT: before its allocation is ordered: unordered-allocation, bad byte at +0 of [0x400000, +256)
  vc.c[1] = 4;
  check("after it", 0x400000, 4, &vc, false);
  // CHECK-NEXT: after it: none

  csan_alloc_event fr = {"cudaFree", 0, 0, 0, 0, {"app.cu", "main", 30, 3}, 0};
  csan_allocs_remove(g, 0x100000, &fr, NULL);
  check("after cudaFree", 0x100000 + 8, 4, NULL, false);
  // CHECK-NEXT: after cudaFree: use-after-free, bad byte at +8 of [0x100000, +1024)

  csan_alloc_event fa = {"cudaFreeAsync", 9, 2, 7, 0x1234, {"app.cu", "main", 40, 3}, 0};
  csan_allocs_remove(g, 0x400000, &fa, NULL);
  vc.c[2] = 6;
  check("cudaFreeAsync not ordered yet", 0x400000, 4, &vc, false);
  // CHECK-NEXT: cudaFreeAsync not ordered yet: none
  vc.c[2] = 7;
  check("ordered after cudaFreeAsync", 0x400000, 4, &vc, false);
  // CHECK-NEXT: ordered after cudaFreeAsync: use-after-free, bad byte at +0 of [0x400000, +256)
  csan_allocs_destroy(g);
  return 0;
}
