// The live allocation containing an address is found at its first byte and
// its last, not one byte before or at its end; an overlapping allocation is
// refused (nothing changes), an adjacent one is fine; size 0 is refused.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>
#include <string.h>

#include "csan_alloc.h"

static csan_allocs *g;

static void add(uint64_t base, uint64_t size, const char *api) {
  csan_alloc_info a;
  memset(&a, 0, sizeof(a));
  a.base = base;
  a.size = size;
  a.flags = CSAN_ALLOC_DEVICE;
  a.made.api = api;
  a.made.site = (csan_host_site){"app.cu", "main", 10, 3};
  printf("add [0x%llx, +%llu) %s: %d\n", (unsigned long long)base, (unsigned long long)size,
         api, csan_allocs_add(g, &a));
}

static void find(uint64_t addr) {
  csan_alloc_info a;
  if (csan_allocs_find(g, addr, &a))
    printf("0x%llx in 0x%llx+%llu by %s at %s:%u\n", (unsigned long long)addr,
           (unsigned long long)a.base, (unsigned long long)a.size, a.made.api, a.made.site.file,
           a.made.site.line);
  else
    printf("0x%llx in nothing\n", (unsigned long long)addr);
}

int main(void) {
  g = csan_allocs_create(0);
  add(0x1000, 0x100, "cudaMalloc");
  // CHECK: add [0x1000, +256) cudaMalloc: 0
  add(0x1100, 0x100, "cudaMallocAsync");
  // CHECK: add [0x1100, +256) cudaMallocAsync: 0
  add(0x4000, 1, "cudaMalloc");
  // CHECK: add [0x4000, +1) cudaMalloc: 0
  add(0x10f0, 0x20, "bad");
  // CHECK: add [0x10f0, +32) bad: -2
  add(0x0f00, 0x101, "bad");
  // CHECK: add [0xf00, +257) bad: -2
  add(0x0f00, 0x100, "cudaMallocManaged");
  // CHECK: add [0xf00, +256) cudaMallocManaged: 0
  add(0x2000, 0, "bad");
  // CHECK: add [0x2000, +0) bad: -1
  add(0x1050, 0x10, "bad");
  // CHECK: add [0x1050, +16) bad: -2
  printf("live %zu\n", csan_allocs_live(g));
  // CHECK: live 4

  find(0x0eff);  // CHECK: 0xeff in nothing
  find(0x0f00);  // CHECK: 0xf00 in 0xf00+256 by cudaMallocManaged at app.cu:10
  find(0x0fff);  // CHECK: 0xfff in 0xf00+256 by cudaMallocManaged
  find(0x1000);  // CHECK: 0x1000 in 0x1000+256 by cudaMalloc
  find(0x10ff);  // CHECK: 0x10ff in 0x1000+256 by cudaMalloc
  find(0x1100);  // CHECK: 0x1100 in 0x1100+256 by cudaMallocAsync
  find(0x1200);  // CHECK: 0x1200 in nothing
  find(0x3fff);  // CHECK: 0x3fff in nothing
  find(0x4000);  // CHECK: 0x4000 in 0x4000+1 by cudaMalloc
  find(0x4001);  // CHECK: 0x4001 in nothing
  find(0);       // CHECK: 0x0 in nothing

  // Many allocations in scrambled order: every one is found at both ends.
  unsigned ok = 0;
  for (uint64_t i = 0; i < 10000; i++) {
    uint64_t k = (i * 7919) % 10000;
    csan_alloc_info a = {.base = 0x100000000ull + k * 64, .size = 48};
    csan_allocs_add(g, &a);
  }
  for (uint64_t k = 0; k < 10000; k++) {
    csan_alloc_info a;
    uint64_t base = 0x100000000ull + k * 64;
    ok += csan_allocs_find(g, base, &a) && a.base == base;
    ok += csan_allocs_find(g, base + 47, &a) && a.base == base;
    ok += !csan_allocs_find(g, base + 48, &a);
  }
  printf("scrambled ok %u\n", ok);
  // CHECK: scrambled ok 30000
  csan_allocs_destroy(g);
  return 0;
}
