// Freeing moves an allocation to the quarantine with the free's operation:
// it is no longer live, find_freed describes it (the newest free wins when
// the range was reused), the quarantine keeps only the newest N frees, and
// a free of an unknown or interior pointer fails and changes nothing.
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
  a.made.api = api;
  csan_allocs_add(g, &a);
}

static int rm(uint64_t base, const char *api, uint64_t op) {
  csan_alloc_event ev;
  memset(&ev, 0, sizeof(ev));
  ev.api = api;
  ev.op_id = op;
  ev.slot = 2;
  ev.epoch = 5;
  ev.site = (csan_host_site){"app.cu", "main", 40, 0};
  return csan_allocs_remove(g, base, &ev, NULL);
}

static void freed(uint64_t addr) {
  csan_alloc_info a;
  if (csan_allocs_find_freed(g, addr, &a))
    printf("0x%llx freed: 0x%llx+%llu made by %s freed by %s op #%llu at %s:%u flags 0x%x\n",
           (unsigned long long)addr, (unsigned long long)a.base, (unsigned long long)a.size,
           a.made.api, a.freed.api, (unsigned long long)a.freed.op_id, a.freed.site.file,
           a.freed.site.line, a.flags);
  else
    printf("0x%llx freed: none\n", (unsigned long long)addr);
}

int main(void) {
  g = csan_allocs_create(3);
  add(0x1000, 0x100, "cudaMalloc");
  add(0x2000, 0x100, "cudaMallocAsync");
  printf("interior %d unknown %d\n", rm(0x1010, "cudaFree", 1), rm(0x9000, "cudaFree", 1));
  // CHECK: interior -3 unknown -3
  printf("live %zu quarantined %zu\n", csan_allocs_live(g), csan_allocs_quarantined(g));
  // CHECK: live 2 quarantined 0

  printf("free %d\n", rm(0x1000, "cudaFree", 11));
  // CHECK: free 0
  printf("live 0x1010: %d\n", csan_allocs_find(g, 0x1010, NULL));
  // CHECK: live 0x1010: 0
  freed(0x1010);
  // CHECK: 0x1010 freed: 0x1000+256 made by cudaMalloc freed by cudaFree op #11 at app.cu:40 flags 0x100
  freed(0x2010);
  // CHECK: 0x2010 freed: none
  printf("free again %d\n", rm(0x1000, "cudaFree", 12));
  // CHECK: free again -3

  // The range is reused and freed again: the newest free describes it.
  add(0x1000, 0x80, "cudaMallocAsync");
  rm(0x1000, "cudaFreeAsync", 13);
  freed(0x1010);
  // CHECK: 0x1010 freed: 0x1000+128 made by cudaMallocAsync freed by cudaFreeAsync op #13
  freed(0x10f0);
  // CHECK: 0x10f0 freed: 0x1000+256 made by cudaMalloc freed by cudaFree op #11

  // Quarantine of 3: the fourth free forgets the oldest.
  rm(0x2000, "cudaFreeAsync", 14);
  add(0x3000, 0x10, "cudaMalloc");
  rm(0x3000, "cudaFree", 15);
  printf("quarantined %zu\n", csan_allocs_quarantined(g));
  // CHECK: quarantined 3
  freed(0x10f0);
  // CHECK: 0x10f0 freed: none
  freed(0x1010);
  // CHECK: 0x1010 freed: 0x1000+128 {{.*}} op #13
  freed(0x3000);
  // CHECK: 0x3000 freed: 0x3000+16 {{.*}} op #15
  csan_allocs_destroy(g);
  return 0;
}
