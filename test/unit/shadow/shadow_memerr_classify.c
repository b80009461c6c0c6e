// The device's memory-error check (csan_memerr_dev.h) on the CPU engine, as
// the device runtime runs it off the fast path with memory errors on:
// poisoned slack after an allocation's end and FREE records the launch is
// ordered after are recorded in the ring and redirected to its zero (read)
// or sink (write) bytes; bytes in a live allocation, untracked granules and
// a FREE record the launch is not ordered after (a race, the slow path's)
// are not memory errors; an address without a shadow page is recorded and
// goes ahead. One record per (site, kind); later ones are folded.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"
#include "csan_shadow_cpu_platform.h"
#include "csan_memerr_dev.h"

static csan_memerr_ring *ring;
static csan_memerr_counters counters;

static const char *where(uint64_t use, uint64_t addr) {
  if (use == addr)
    return "own";
  if (use == (uint64_t)(uintptr_t)ring->zero)
    return "zero";
  if (use == (uint64_t)(uintptr_t)ring->sink)
    return "sink";
  return "elsewhere";
}

static void check(const char *what, launch *l, uint64_t addr, uint64_t n, uint32_t access,
                  int32_t site) {
  l->ctx.flags |= CSAN_CTX_F_MEMORY_ERRORS;
  uint64_t use = csan_memerr_check(&l->ctx, addr, n, access, site, NULL);
  printf("%s: hint %u use %s\n", what, csan_memerr_hint(&l->ctx, addr, n), where(use, addr));
}

int main(void) {
  setup(64, 64);
  size_t bytes = CSAN_MEMERR_RECORDS_OFFSET + 8 * sizeof(csan_memerr_record);
  ring = aligned_alloc(64, bytes);
  memset(ring, 0, bytes);
  ring->capacity = 8;

  // A 1000-byte allocation: [BASE + 1000, BASE + 1024) is the slack csan
  // poisons (csan_rt_shadow_poison_tail: FREE, slot 0, epoch 0).
  track(BASE, 1000);
  track(BASE + 1000, 24);
  csan_launch_ctx poison;
  csan_shadow_cpu_ctx(sh, &poison, 0, 0, NULL);
  csan_shadow_cpu_access(sh, &poison, BASE + 1000, 24, FREE, (int32_t)CSAN_SITE_POISON, NULL);
  ((csan_pool *)(uintptr_t)poison.pool)->memerr = (uint64_t)(uintptr_t)ring;
  ((csan_pool *)(uintptr_t)poison.pool)->memerr_counters = (uint64_t)(uintptr_t)&counters;

  launch k = mk(1, 1);
  check("last int", &k, BASE + 996, 4, W, 32);
  // CHECK: last int: hint 0 use own
  check("one past the end", &k, BASE + 1000, 4, W, 64);
  // CHECK: one past the end: hint 1 use sink
  check("straddling the end", &k, BASE + 992, 16, R, 96);
  // CHECK: straddling the end: hint 1 use zero
  check("atomic past the end", &k, BASE + 1020, 4, AR, 128);
  // CHECK: atomic past the end: hint 1 use sink
  check("again", &k, BASE + 1004, 4, W, 64);
  // CHECK: again: hint 1 use sink
  check("untracked", &k, BASE + 1024, 4, R, 160);
  // CHECK: untracked: hint 0 use own
  check("no page", &k, 0x7e0000000000ull, 8, R, 192);
  // CHECK: no page: hint 3 use own

  // Freed by the host (slot 255, epoch 1): a launch ordered after the free
  // uses freed memory; one that is not races with the free instead.
  track(BASE + 4096, 256);
  launch f = mk(CSAN_HOST_SLOT, 1);
  acc(&f, BASE + 4096, 256, FREE, 0);
  launch after_free = after(mk(2, 1), CSAN_HOST_SLOT, 1);
  check("after the free", &after_free, BASE + 4100, 4, R, 224);
  // CHECK: after the free: hint 2 use zero
  launch unordered = mk(3, 1);
  check("unordered with the free", &unordered, BASE + 4100, 4, R, 256);
  // CHECK: unordered with the free: hint 0 use own

  csan_memerr_record *rec = (csan_memerr_record *)((char *)ring + CSAN_MEMERR_RECORDS_OFFSET);
  for (uint32_t i = 0; i < ring->capacity; i++)
    if (rec[i].state == CSAN_MEMERR_READY)
      printf("record hint %u access %u off %#llx size %u site %d launch %u:%u\n", rec[i].hint,
             rec[i].access, (unsigned long long)(rec[i].addr - BASE), rec[i].size, rec[i].site,
             rec[i].slot, rec[i].epoch);
  printf("head %u folded %u dropped %u\n", counters.head, counters.folded, counters.dropped);
  // CHECK:      record hint 1 access 1 off 0x3e8 size 4 site 64 launch 1:1
  // CHECK-NEXT: record hint 1 access 0 off 0x3e0 size 16 site 96 launch 1:1
  // CHECK-NEXT: record hint 1 access 2 off 0x3fc size 4 site 128 launch 1:1
  // CHECK-NEXT: record hint 3 access 0 off {{.*}} size 8 site 192 launch 1:1
  // CHECK-NEXT: record hint 2 access 0 off 0x1004 size 4 site 224 launch 2:1
  // CHECK-NEXT: head 5 folded 1 dropped 0
  for (int i = 0; i < 16; i++) // zero bytes stay zero
    if (ring->zero[i])
      printf("zero byte %d written\n", i);
  // CHECK-NOT: written
  free(ring);
  csan_shadow_cpu_destroy(sh);
  return 0;
}
