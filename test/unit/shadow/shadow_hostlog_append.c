// The device's host-memory log (csan_hostlog_dev.h) on the CPU engine, as
// the fake CUDA runtime runs it for a kernel's accesses: only bytes in the
// launch's host hull are logged, and of those only host memory (no device
// shadow page: pinned, mapped, registered) and the managed ranges; device
// memory the hull happens to cover is not. One record per granule with
// the bytes touched and the access's size (an access that crosses a
// granule makes two). A full
// ring counts the access in dropped and overwrites nothing.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include "../Inputs/shadow_test.h"
#include "csan_shadow_cpu_platform.h"
#include "csan_memerr_dev.h"
#include "csan_hostlog_dev.h"

#define PINNED (BASE + (64ull << 20))   /* no shadow page: host memory */
#define MANAGED (BASE + (128ull << 20)) /* a shadow page, and a managed range */
#define CAP 8u

static csan_hostlog_ring *ring;
static csan_hostlog_counters counters;

static void show(void) {
  const csan_hostlog_record *r =
      (const csan_hostlog_record *)(const void *)((const char *)ring + CSAN_HOSTLOG_RECORDS_OFFSET);
  for (uint32_t i = 0; i < CAP; i++)
    if (r[i].state == CSAN_HOSTLOG_READY)
      printf("record %u: %s +%#" PRIx64 " mask %#06x %s size %u site %d launch %u:%u\n", i,
             r[i].gaddr >= MANAGED ? "managed" : r[i].gaddr >= PINNED ? "pinned" : "device",
             (uint64_t)(r[i].gaddr -
                        (r[i].gaddr >= MANAGED ? MANAGED : r[i].gaddr >= PINNED ? PINNED : BASE)),
             r[i].mask, acc_name(r[i].access & 0xffu), r[i].access >> CSAN_ACC_SIZE_SHIFT, r[i].site,
             r[i].slot, r[i].epoch);
  printf("pending %u head %u dropped %u\n", ring->pending, counters.head, counters.dropped);
}

int main(void) {
  setup(64, 64);
  track(BASE, 4096);
  track(MANAGED, 4096);
  size_t bytes = CSAN_HOSTLOG_RECORDS_OFFSET + CAP * sizeof(csan_hostlog_record);
  ring = aligned_alloc(64, bytes);
  memset(ring, 0, bytes);
  ring->capacity = CAP;
  counters.managed_n = 1;
  counters.managed_lo[0] = MANAGED;
  counters.managed_end[0] = MANAGED + 4096;

  launch k = mk(3, 7);
  csan_pool *pool = (csan_pool *)(uintptr_t)k.ctx.pool;
  pool->hostlog = (uint64_t)(uintptr_t)ring;
  pool->hostlog_counters = (uint64_t)(uintptr_t)&counters;

  // No hull: nothing is logged, host memory or not.
  csan_hostlog_range(&k.ctx, PINNED, 4, W, 32);
  show();
  // CHECK: pending 0 head 0 dropped 0

  // The hull covers all three; the device allocation inside it is skipped.
  k.ctx.host_lo = BASE;
  k.ctx.host_span = MANAGED + 4096 - BASE;
  csan_hostlog_range(&k.ctx, BASE + 16, 4, W, 32);
  csan_hostlog_range(&k.ctx, PINNED + 4, 8, R, 64);
  csan_hostlog_range(&k.ctx, PINNED + 28, 8, W, 96);
  csan_hostlog_range(&k.ctx, MANAGED + 32, 2, AW, 128);
  show();
  // CHECK-NEXT: record 0: pinned +0 mask 0x0ff0 read size 8 site 64 launch 3:7
  // CHECK-NEXT: record 1: pinned +0x10 mask 0xf000 write size 8 site 96 launch 3:7
  // CHECK-NEXT: record 2: pinned +0x20 mask 0x000f write size 8 site 96 launch 3:7
  // CHECK-NEXT: record 3: managed +0x20 mask 0x0003 atomic-write size 2 site 128 launch 3:7
  // CHECK-NEXT: pending 1 head 4 dropped 0

  // A managed range that ended is device memory again.
  counters.managed_n = 0;
  csan_hostlog_range(&k.ctx, MANAGED + 64, 4, R, 160);
  // Past the hull's end: not logged.
  k.ctx.host_span = PINNED + 4096 - BASE;
  csan_hostlog_range(&k.ctx, PINNED + 4096, 4, R, 192);
  show();
  // CHECK-NEXT: record 0: pinned +0 mask 0x0ff0
  // CHECK-NEXT: record 1:
  // CHECK-NEXT: record 2:
  // CHECK-NEXT: record 3:
  // CHECK-NEXT: pending 1 head 4 dropped 0

  // A range of 96 bytes is 6 granules: 4 fit, 2 find their slots unread.
  csan_hostlog_range(&k.ctx, PINNED + 256, 96, R, 224);
  show();
  // CHECK: record 7: pinned +0x130 mask 0xffff read size 96 site 224 launch 3:7
  // CHECK-NEXT: pending 1 head 10 dropped 2
  return 0;
}
