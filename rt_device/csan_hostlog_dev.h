/* csan_hostlog_dev.h: the device's half of host-memory checking (DESIGN.md,
 * decision 22, "The device half"; the ring and the record: csan_abi.h).
 * Portable like the engine: the device runtime includes it after
 * csan_memerr_dev.h, the fake CUDA runtime too, so a kernel run on the CPU
 * logs exactly what it would on the GPU.
 *
 * Why a log and not the engine: the bytes are host memory, and the host's
 * shadow of them (rt_host/core/csan_hostmem.c) is where host code's
 * accesses and the host sides of copies are recorded. The device cannot
 * update that shadow itself: its granule lock is a compare-and-swap, and
 * the device's atomics on host memory are not atomic with the CPU's (the
 * CUDA guide, "Mapped Memory"), while the race to catch is exactly the host
 * and a kernel touching the bytes at once. So the device appends what it
 * touched, and the host checks it (csan_rt_hostlog.c).
 *
 * Called only off the fast path, for an address in the launch's host hull
 * (csan_launch_ctx.host_lo/host_span). The hull has no device shadow pages
 * (managed memory, which has them, is in it too: its records go both to
 * the device's shadow, against other kernels, and here, against the host),
 * so every access logs; the GPU caller merges the lanes of a warp first.
 */
#ifndef CSAN_HOSTLOG_DEV_H
#define CSAN_HOSTLOG_DEV_H

#include "csan_abi.h"

#ifndef CSAN_MEMERR_DEV_H
#error "include csan_memerr_dev.h (its system-scope publish hook) first"
#endif

/* Is a in the launch's host hull? One subtraction and compare: a span of 0
 * (no host memory) is never taken. */
CSAN_SH_FN int csan_hostlog_in_hull(const csan_launch_ctx *ctx, uint64_t a) {
  return a - ctx->host_lo < ctx->host_span;
}

/* Is the hull's address a (with device shadow page `page`, 0: none) host
 * memory to log? The hull may cover device memory between regions: only
 * bytes without device shadow (pinned, mapped, registered) and the managed
 * ranges are logged. */
CSAN_SH_COLD_FN int csan_hostlog_wanted(const csan_launch_ctx *ctx, uint64_t a, uint64_t page) {
  if (!page)
    return 1;
  const csan_pool *pool = (const csan_pool *)(uintptr_t)ctx->pool;
  const csan_hostlog_counters *c =
      pool ? (const csan_hostlog_counters *)(uintptr_t)pool->hostlog_counters : 0;
  if (!c)
    return 0;
  uint32_t n = csan_sh_load32(&c->managed_n);
  if (n > CSAN_HOSTLOG_MANAGED_MAX)
    n = CSAN_HOSTLOG_MANAGED_MAX;
  CSAN_SH_NOUNROLL
  for (uint32_t i = 0; i < n; i++)
    if (a >= c->managed_lo[i] && a < c->managed_end[i])
      return 1;
  return 0;
}

/* Appends one granule's record: bytes amask of the granule at gaddr,
 * touched by the launch ctx with an access of `size` bytes (what a report
 * calls it) at site. A full ring counts the access in dropped (the host
 * says how many at exit). */
CSAN_SH_COLD_FN void csan_hostlog_append(const csan_launch_ctx *ctx, uint64_t gaddr,
                                         uint32_t amask, uint32_t access, uint64_t size,
                                         int32_t site) {
  const csan_pool *pool = (const csan_pool *)(uintptr_t)ctx->pool;
  csan_hostlog_ring *ring = pool ? (csan_hostlog_ring *)(uintptr_t)pool->hostlog : 0;
  csan_hostlog_counters *c =
      pool ? (csan_hostlog_counters *)(uintptr_t)pool->hostlog_counters : 0;
  if (!ring || !c || !amask)
    return;
  uint32_t cap = ring->capacity;
  uint32_t i = csan_sh_fetch_add32(&c->head, 1) & (cap - 1u);
  csan_hostlog_record *r =
      (csan_hostlog_record *)((char *)ring + CSAN_HOSTLOG_RECORDS_OFFSET) + i;
  if (!cap || csan_sh_load32_acquire(&r->state) != CSAN_HOSTLOG_EMPTY) {
    csan_sh_fetch_add32(&c->dropped, 1);
    return;
  }
  csan_sh_store32(&r->state, CSAN_HOSTLOG_WRITING);
  r->access = access | (uint32_t)(size < 0xffffffu ? size : 0xffffffu) << CSAN_ACC_SIZE_SHIFT;
  r->gaddr = gaddr;
  r->mask = amask;
  r->site = site;
  r->slot = ctx->slot;
  r->epoch = ctx->epoch;
  csan_me_publish32(&r->state, CSAN_HOSTLOG_READY);
  /* After the record (a release too): a host that sees pending sees it. */
  csan_me_publish32(&ring->pending, 1);
}

#ifndef __CUDA_ARCH__
/* [a, a + n) granule by granule, its part in the hull that is host memory
 * (the CPU's path: no warp to merge; the device runtime has its own,
 * csan_dev_hostlog, which merges the warp's lanes). */
CSAN_SH_COLD_FN void csan_hostlog_range(const csan_launch_ctx *ctx, uint64_t a, uint64_t n,
                                        uint32_t access, int32_t site) {
  uint64_t lo = ctx->host_lo, hi = ctx->host_lo + ctx->host_span;
  uint64_t end = a + n < a ? ~0ull : a + n;
  if (a < lo)
    a = lo;
  if (end > hi)
    end = hi;
  uint64_t page_va = ~0ull;
  int wanted = 0;
  for (uint64_t g = a & ~(uint64_t)(CSAN_GRANULE_SIZE - 1); g < end; g += CSAN_GRANULE_SIZE) {
    if ((g >> CSAN_PAGE_SHIFT) != page_va) {
      page_va = g >> CSAN_PAGE_SHIFT;
      wanted = csan_hostlog_wanted(ctx, g, csan_sh_page(ctx->shadow_dir, g));
    }
    if (!wanted)
      continue;
    uint64_t b = g < a ? a : g;
    uint64_t e = end - g < CSAN_GRANULE_SIZE ? end : g + CSAN_GRANULE_SIZE;
    csan_hostlog_append(ctx, g, csan_sh_byte_mask((uint32_t)(b - g), (uint32_t)(e - b)), access, n,
                        site);
  }
}
#endif /* !__CUDA_ARCH__ */

#endif /* CSAN_HOSTLOG_DEV_H */
