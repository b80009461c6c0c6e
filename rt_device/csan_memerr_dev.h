/* csan_memerr_dev.h: the device's half of memory errors (DESIGN.md,
 * decision 21; the ring and the record: csan_abi.h). Portable like the
 * engine: the device runtime includes it after csan_shadow_cuda.h, the CPU
 * (the fake CUDA runtime, unit tests) after csan_shadow_cpu_platform.h, so
 * a kernel run on the CPU classifies and records exactly as on the GPU.
 *
 * Called only off the fast path (a check that found no record of its launch
 * covering the access), and only with CSAN_CTX_F_MEMORY_ERRORS: with the
 * option off nothing here runs. It reads the granules' cells without the
 * lock: a FREE record changes only by a later FREE or an allocation, both
 * operations the access would race with (the slow path reports those), and
 * a poison record only by an allocation.
 *
 * Optional platform hook (defaults to the engine's .gpu-scope release):
 *   void csan_me_publish32(uint32_t *p, uint32_t v)   release at system
 *        scope: the host reads the record in host-mapped memory.
 */
#ifndef CSAN_MEMERR_DEV_H
#define CSAN_MEMERR_DEV_H

#include "csan_abi.h"

#ifndef CSAN_SHADOW_H
#error "include the shadow engine (csan_shadow.h through its platform layer) first"
#endif

#ifndef CSAN_ME_PUBLISH32
#define csan_me_publish32 csan_sh_store32_release
#endif
/* Optional platform hook: waits until the record is visible to the host
 * (a system-scope fence). Needed before an access that goes ahead and may
 * fault: a fault ends the context, and a record still on its way to host
 * memory is then lost (the first GPU run lost a no-page record this way). */
#ifndef CSAN_ME_FENCE_SYS
#define csan_me_fence_sys() ((void)0)
#endif
/* Optional platform hook: a system-scope load of a word in host memory,
 * which returns only once this thread's earlier writes there have landed.
 * Used after a no-page record, before the access that may fault: the
 * fence alone did not keep the record of memerr_host_pointer on the GPU. */
#ifndef CSAN_ME_READBACK32
#define csan_me_readback32 csan_sh_load32_acquire
#endif

/* Optional platform hook: the descriptor of device site `site` (an offset
 * from the module's anchor, csan_abi.h), or null where the platform cannot
 * read it (the CPU: the host asks its site table). Copied into each record,
 * which the host can read after a fault has stopped the context. */
#ifndef CSAN_ME_SITE_DESC
#define csan_me_site_desc(site) ((void)(site), (const csan_site *)0)
#endif

/* The hint of a granule's two cells (cell 0 with its flag bits) for the
 * bytes amask. */
CSAN_SH_FN uint32_t csan_memerr_cells_hint(const csan_launch_ctx *ctx, uint64_t c0, uint64_t c1,
                                           const uint32_t *sites, uint32_t amask) {
  if (c0 & (CSAN_TAG_UNTRACKED | CSAN_TAG_ESC))
    return 0;
  uint64_t c[2] = {c0 & ~CSAN_TAG_CELL0_BITS, c1};
  uint32_t hint = 0;
  for (int i = 0; i < 2; i++) {
    csan_tag_t t = c[i];
    if (!(t & CSAN_TAG_FREE) || !((uint32_t)t & amask))
      continue;
    uint32_t slot = CSAN_TAG_GET_SLOT(t);
    csan_epoch_t e = CSAN_TAG_GET_EPOCH(t);
    if (slot == 0 && e == 0 && csan_sh_load32(sites + i) == CSAN_SITE_POISON)
      return CSAN_MEMERR_HINT_POISON;
    if (e <= ctx->vc[slot])
      hint = CSAN_MEMERR_HINT_FREED;
  }
  return hint;
}

/* The hint for one granule's bytes amask (0: nothing wrong that the device
 * can tell): a poison record, or a FREE record the launch is ordered after.
 * Untracked and escalated granules say nothing (an escalated granule's FREE
 * records reach the slow path, which reports them as use-after-free races).
 *
 * The cells are read without the granule's lock first, and a hint found so
 * is confirmed under the lock: unlocked, the pair may be read in the middle
 * of another thread's update, and one state of an escalation (cell 1
 * already the index of the pool block, cell 0 still a record without ESC)
 * reads an index as a record, which can look like a FREE record of slot 0,
 * epoch 0. A healthy access was then sent to the zero bytes, silently
 * (stencil2d computed wrong results on the first GPU runs). Locking only
 * when something looks wrong keeps the common case at one load. */
CSAN_SH_FN uint32_t csan_memerr_granule(const csan_launch_ctx *ctx, uint64_t page, uint64_t g,
                                        uint32_t amask) {
  uint64_t *tags = csan_sh_tags(page, g);
  const uint32_t *sites = csan_sh_sites(page, g);
  uint64_t c0, c1;
  csan_sh_load_cells(tags, &c0, &c1);
  if (!csan_memerr_cells_hint(ctx, c0, c1, sites, amask))
    return 0;
  c0 = csan_sh_lock(&tags[0], 1, (const csan_sh_cover *)0);
  c1 = csan_sh_load64(&tags[1]);
  uint32_t hint = csan_memerr_cells_hint(ctx, c0, c1, sites, amask);
  csan_sh_store64_release(&tags[0], c0 & ~CSAN_TAG_LOCK);
  return hint;
}

/* The hint for an access [a, a + n), n <= 16 (one or two granules). */
CSAN_SH_FN uint32_t csan_memerr_hint(const csan_launch_ctx *ctx, uint64_t a, uint64_t n) {
  uint32_t off = (uint32_t)a & (CSAN_GRANULE_SIZE - 1);
  uint64_t g = a & ~(uint64_t)(CSAN_GRANULE_SIZE - 1);
  uint32_t first = off + n > CSAN_GRANULE_SIZE ? CSAN_GRANULE_SIZE - off : (uint32_t)n;
  uint32_t hint = 0, nopage = 0;
  for (int k = 0; k < 2 && !hint; k++) {
    uint64_t page = csan_sh_page(ctx->shadow_dir, g);
    uint32_t m = k == 0 ? csan_sh_byte_mask(off, first) : csan_sh_byte_mask(0, (uint32_t)n - first);
    if (!page)
      nopage = 1;
    else
      hint = csan_memerr_granule(ctx, page, g, m);
    if (first == n)
      break;
    g += CSAN_GRANULE_SIZE;
  }
  return hint ? hint : nopage ? CSAN_MEMERR_HINT_NO_PAGE : 0;
}

/* The (site, hint) bit of the filters: its word index, and the bit. */
CSAN_SH_FN uint64_t csan_memerr_bit(int32_t site, uint32_t hint, uint32_t *word) {
  uint32_t h = ((uint32_t)site * 0x9e3779b1u) ^ (hint * 0x85ebca6bu);
  h = (h ^ (h >> 15)) & (CSAN_MEMERR_SEEN_BITS - 1u);
  *word = h >> 6;
  return 1ull << (h & 63u);
}

/* Sets bit in *w; false when it was set. */
CSAN_SH_FN int csan_memerr_set_bit(uint64_t *w, uint64_t bit) {
  uint64_t old = csan_sh_load64(w);
  while (!(old & bit)) {
    uint64_t prev = csan_sh_cas64_acq_rel(w, old, old | bit);
    if (prev == old)
      return 1;
    old = prev;
  }
  return 0;
}

/* Sets the (site, hint) bit of the filter; false when it was set. */
CSAN_SH_FN int csan_memerr_first(csan_memerr_counters *c, int32_t site, uint32_t hint) {
  uint32_t word;
  uint64_t bit = csan_memerr_bit(site, hint, &word);
  return csan_memerr_set_bit(&c->seen[word], bit);
}

/* A no-page access goes ahead and may fault, and a fault stops every warp
 * of the context at once: a thread that did not append the site's record
 * must not run ahead of the one that did (another warp, or a lane of its
 * own warp that the appending lane diverged from). The appender sets the
 * published bit once the record is visible to the host; the others wait
 * for it (bounded: about a second on a GPU, in case the appender itself is
 * stopped). */
CSAN_SH_FN void csan_memerr_published(csan_memerr_counters *c, int32_t site, uint32_t hint) {
  uint32_t word;
  uint64_t bit = csan_memerr_bit(site, hint, &word);
  (void)csan_memerr_set_bit(&c->published[word], bit);
}

CSAN_SH_COLD_FN void csan_memerr_wait_published(csan_memerr_counters *c, int32_t site,
                                                uint32_t hint) {
  uint32_t word;
  uint64_t bit = csan_memerr_bit(site, hint, &word);
  for (uint32_t round = 0; round < (1u << 20); round++) {
    if (csan_sh_load64_acquire(&c->published[word]) & bit)
      return;
    csan_sh_pause(round);
  }
}

/* Copies the NUL-terminated s into dst[n], keeping its last n - 1 bytes
 * when it is longer (a path's file name is at its end). */
CSAN_SH_FN void csan_memerr_copy_tail(char *dst, uint32_t n, const char *s) {
  uint32_t len = 0;
  if (s)
    while (s[len] && len < 4096u)
      len++;
  uint32_t from = len >= n ? len - (n - 1u) : 0;
  uint32_t k = 0;
  for (; from + k < len && k + 1u < n; k++)
    dst[k] = s[from + k];
  dst[k] = 0;
}

/* Appends the record of a bad access (once per site and hint). True for
 * the thread whose (site, hint) it was, whether the record found room or
 * was counted as dropped; false for a later one. */
CSAN_SH_COLD_FN int csan_memerr_append(const csan_launch_ctx *ctx, csan_memerr_ring *ring,
                                        csan_memerr_counters *c, uint64_t a, uint64_t n,
                                        uint32_t access, int32_t site, uint32_t hint,
                                        const csan_who *who) {
  if (!csan_memerr_first(c, site, hint)) {
    if (hint != CSAN_MEMERR_HINT_NO_PAGE)
      csan_sh_fetch_add32(&c->folded, 1);
    return 0;
  }
  uint32_t cap = ring->capacity;
  uint32_t i = csan_sh_fetch_add32(&c->head, 1) & (cap - 1u);
  csan_memerr_record *r =
      (csan_memerr_record *)((char *)ring + CSAN_MEMERR_RECORDS_OFFSET) + i;
  if (!cap || csan_sh_load32_acquire(&r->state) != CSAN_MEMERR_EMPTY) {
    csan_sh_fetch_add32(&c->dropped, 1);
    return 1;
  }
  csan_sh_store32(&r->state, CSAN_MEMERR_WRITING);
  r->access = access;
  r->addr = a;
  r->size = (uint32_t)n;
  r->site = site;
  r->slot = ctx->slot;
  r->epoch = ctx->epoch;
  r->hint = hint;
  r->reserved = 0;
  if (who) {
    for (int d = 0; d < 3; d++) {
      r->block[d] = who->block[d];
      r->thread[d] = who->thread[d];
    }
  } else {
    csan_race w;
    csan_sh_default_who(&w);
    for (int d = 0; d < 3; d++) {
      r->block[d] = w.block[d];
      r->thread[d] = w.thread[d];
    }
  }
  const csan_site *sd = csan_me_site_desc(site);
  r->line = sd ? sd->line : 0;
  r->column = sd ? sd->column : 0;
  csan_memerr_copy_tail(r->file, sizeof r->file,
                        sd ? (const char *)(uintptr_t)sd->file : (const char *)0);
  csan_me_publish32(&r->state, CSAN_MEMERR_READY);
  return 1;
}

/* The address an access of n bytes (n <= 16) at a must use: a itself, or,
 * for poisoned and freed bytes, the ring's zero bytes (a load: it reads 0)
 * or sink bytes (a store or an atomic: it changes nothing of the program's).
 * Records the error. A no-page access is recorded and goes ahead. */
CSAN_SH_COLD_FN uint64_t csan_memerr_check(const csan_launch_ctx *ctx, uint64_t a, uint64_t n,
                                           uint32_t access, int32_t site, const csan_who *who) {
  const csan_pool *pool = (const csan_pool *)(uintptr_t)ctx->pool;
  csan_memerr_ring *ring = pool ? (csan_memerr_ring *)(uintptr_t)pool->memerr : 0;
  csan_memerr_counters *c = pool ? (csan_memerr_counters *)(uintptr_t)pool->memerr_counters : 0;
  if (!ring || !c || !n || n > CSAN_GRANULE_SIZE)
    return a;
  uint32_t hint = csan_memerr_hint(ctx, a, n);
  if (!hint)
    return a;
  int appended = csan_memerr_append(ctx, ring, c, a, n, access, site, hint, who);
  if (hint == CSAN_MEMERR_HINT_NO_PAGE) {
    /* The access goes ahead and may fault: the record reaches the host
     * first (fenced, then a read of a word only the host writes, which
     * returns after the record's writes), and so before any thread of
     * the site goes ahead. */
    if (appended) {
      csan_me_fence_sys();
      (void)csan_me_readback32(&ring->capacity);
      csan_memerr_published(c, site, hint);
    } else {
      csan_memerr_wait_published(c, site, hint);
    }
    return a;
  }
  uint8_t *use = (access & (CSAN_ACC_WRITE | CSAN_ACC_ATOMIC)) ? ring->sink : ring->zero;
  return (uint64_t)(uintptr_t)use;
}

/* A failed device assert of the launch ctx: the first one fills the ring's
 * assert block (the host names that launch first when the context then
 * reports cudaErrorAssert). */
CSAN_SH_COLD_FN void csan_memerr_assert(const csan_launch_ctx *ctx, const char *file,
                                        uint32_t line, const char *function) {
  const csan_pool *pool = ctx ? (const csan_pool *)(uintptr_t)ctx->pool : 0;
  csan_memerr_ring *ring = pool ? (csan_memerr_ring *)(uintptr_t)pool->memerr : 0;
  csan_memerr_counters *c = pool ? (csan_memerr_counters *)(uintptr_t)pool->memerr_counters : 0;
  if (!ring || !c || csan_sh_fetch_add32(&c->asserts, 1) != 0)
    return;
  csan_sh_store32(&ring->assert_state, CSAN_MEMERR_WRITING);
  ring->assert_line = line;
  ring->assert_slot = ctx->slot;
  ring->assert_epoch = ctx->epoch;
  csan_memerr_copy_tail(ring->assert_file, sizeof ring->assert_file, file);
  uint32_t k = 0;
  for (; function && function[k] && k + 1u < sizeof ring->assert_function; k++)
    ring->assert_function[k] = function[k];
  ring->assert_function[k] = 0;
  csan_me_publish32(&ring->assert_state, CSAN_MEMERR_READY);
  csan_me_fence_sys(); /* the assert stops the context next */
}

#endif /* CSAN_MEMERR_DEV_H */
