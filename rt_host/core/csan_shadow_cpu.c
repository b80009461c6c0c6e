/* csan_shadow_cpu.c: the CPU backend of the shadow engine.
 *
 * The platform layer (csan_shadow_cpu_platform.h) maps the engine's atomics
 * onto C11 atomics on the same plain uint64_t/uint32_t words the GPU uses, so
 * the layouts stay those of csan_abi.h. The directory holds host pointers; pages (3 MiB: tags, then
 * site words) are allocated when a tracked range first reaches them and are
 * published with release stores, which the engine's directory loads acquire.
 */
#include "csan_shadow_cpu.h"

#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "csan_shadow_cpu_platform.h"

_Static_assert(sizeof(csan_who) == sizeof(csan_shadow_cpu_who) &&
                   offsetof(csan_who, thread) == offsetof(csan_shadow_cpu_who, thread),
               "csan_shadow_cpu_who mirrors csan_who");

/* ---- the backend --------------------------------------------------------- */

#define L1_ENTRIES (1u << CSAN_L1_BITS)
#define L2_ENTRIES (1u << CSAN_L2_BITS)

struct csan_shadow_cpu {
  uint64_t *dir;        /* level 1: L1_ENTRIES host pointers to level-2 tables */
  csan_pool *pool;      /* header + blocks */
  csan_race_table *races;
  pthread_mutex_t grow; /* serializes page allocation */
};

static uint32_t round_pow2(uint32_t n) {
  uint32_t p = 1;
  while (p < n && p < (1u << 31))
    p <<= 1;
  return p;
}

/* The host runtime's answer for replayed accesses (csan_shadow_cpu_platform.h);
 * null until it sets one. */
_Atomic csan_shadow_cpu_later_fn csan_shadow_cpu_later;

void csan_shadow_cpu_set_later(csan_shadow_cpu_later_fn fn) {
  atomic_store_explicit(&csan_shadow_cpu_later, fn, memory_order_release);
}

/* The host runtime's answer for CSAN_CTX_F_KEEP_OTHERS; null until set. */
_Atomic csan_shadow_cpu_later_fn csan_shadow_cpu_keep;

void csan_shadow_cpu_set_keep(csan_shadow_cpu_later_fn fn) {
  atomic_store_explicit(&csan_shadow_cpu_keep, fn, memory_order_release);
}

csan_shadow_cpu *csan_shadow_cpu_create(uint32_t pool_blocks, uint32_t race_entries) {
  csan_shadow_cpu *s = calloc(1, sizeof *s);
  if (!s)
    return NULL;
  uint32_t cap = pool_blocks >= 0xffffffffu ? 0xffffffffu : pool_blocks + 1;
  uint32_t entries = race_entries ? round_pow2(race_entries) : 0;
  s->dir = calloc(L1_ENTRIES, sizeof(uint64_t));
  /* aligned_alloc wants a multiple of the alignment. */
  size_t pool_bytes = CSAN_POOL_BLOCKS_OFFSET + (size_t)cap * sizeof(csan_pool_block);
  s->pool = aligned_alloc(128, (pool_bytes + 127) & ~(size_t)127);
  s->races = calloc(1, CSAN_RACE_ENTRIES_OFFSET + (size_t)entries * sizeof(csan_race));
  if (!s->dir || !s->pool || !s->races) {
    free(s->dir);
    free(s->pool);
    free(s->races);
    free(s);
    return NULL;
  }
  memset(s->pool, 0, CSAN_POOL_BLOCKS_OFFSET);
  s->pool->capacity = cap;
  s->pool->next_free = 1;
  s->races->capacity = entries;
  pthread_mutex_init(&s->grow, NULL);
  return s;
}

void csan_shadow_cpu_destroy(csan_shadow_cpu *s) {
  if (!s)
    return;
  for (uint32_t i = 0; i < L1_ENTRIES; i++) {
    uint64_t *l2 = (uint64_t *)(uintptr_t)s->dir[i];
    if (!l2)
      continue;
    for (uint32_t j = 0; j < L2_ENTRIES; j++)
      free((void *)(uintptr_t)l2[j]);
    free(l2);
  }
  free(s->dir);
  free(s->pool);
  free(s->races);
  pthread_mutex_destroy(&s->grow);
  free(s);
}

/* The shadow page of addr, allocated (all granules untracked) if missing.
 * Called with s->grow held. */
static uint64_t page_get_or_make(csan_shadow_cpu *s, uint64_t addr) {
  uint64_t *l1e = &s->dir[addr >> CSAN_L1_SHIFT];
  uint64_t *l2 = (uint64_t *)(uintptr_t)*l1e;
  if (!l2) {
    l2 = calloc(L2_ENTRIES, sizeof(uint64_t));
    if (!l2)
      return 0;
    csan_sh_store64_release(l1e, (uint64_t)(uintptr_t)l2);
  }
  uint64_t *l2e = &l2[(addr >> CSAN_PAGE_SHIFT) & (L2_ENTRIES - 1)];
  if (*l2e)
    return *l2e;
  void *mem = malloc(CSAN_PAGE_SHADOW_BYTES);
  if (!mem)
    return 0;
  uint64_t page = (uint64_t)(uintptr_t)mem;
  for (uint32_t i = 0; i < CSAN_GRANULES_PER_PAGE; i++)
    csan_shadow_init_granule(page, i);
  csan_sh_store64_release(l2e, page);
  return page;
}

static int range_ok(uint64_t base, uint64_t size) {
  uint64_t end = base + size;
  return size && end > base && !(base >> CSAN_VA_BITS) && end <= (1ull << CSAN_VA_BITS);
}

int csan_shadow_cpu_track(csan_shadow_cpu *s, uint64_t base, uint64_t size) {
  if (!range_ok(base, size))
    return CSAN_SHADOW_EINVAL;
  pthread_mutex_lock(&s->grow);
  uint64_t last = (base + size - 1) >> CSAN_PAGE_SHIFT;
  for (uint64_t p = base >> CSAN_PAGE_SHIFT; p <= last; p++) {
    if (!page_get_or_make(s, p << CSAN_PAGE_SHIFT)) {
      pthread_mutex_unlock(&s->grow);
      return CSAN_SHADOW_ENOMEM;
    }
  }
  pthread_mutex_unlock(&s->grow);
  csan_shadow_fill((uint64_t)(uintptr_t)s->dir, s->pool, base, size, 0);
  return CSAN_SHADOW_OK;
}

int csan_shadow_cpu_untrack(csan_shadow_cpu *s, uint64_t base, uint64_t size) {
  if (!range_ok(base, size))
    return CSAN_SHADOW_EINVAL;
  csan_shadow_fill((uint64_t)(uintptr_t)s->dir, s->pool, base, size, 1);
  return CSAN_SHADOW_OK;
}

void csan_shadow_cpu_ctx(const csan_shadow_cpu *s, csan_launch_ctx *ctx, uint32_t slot,
                         csan_epoch_t epoch, const csan_epoch_t *vc) {
  memset(ctx, 0, sizeof *ctx);
  ctx->magic = CSAN_CTX_MAGIC;
  ctx->abi_version = CSAN_ABI_VERSION;
  ctx->slot = (uint16_t)slot;
  ctx->epoch = epoch;
  ctx->shadow_dir = (uint64_t)(uintptr_t)s->dir;
  ctx->pool = (uint64_t)(uintptr_t)s->pool;
  ctx->races = (uint64_t)(uintptr_t)s->races;
  if (vc)
    memcpy(ctx->vc, vc, sizeof ctx->vc);
}

void csan_shadow_cpu_access(csan_shadow_cpu *s, const csan_launch_ctx *ctx, uint64_t addr,
                            uint64_t size, uint32_t access, int32_t site,
                            const csan_shadow_cpu_who *who) {
  (void)s; /* the context names the shadow */
  csan_shadow_access(ctx, addr, size, access, site, (const csan_who *)who);
}

csan_race_table *csan_shadow_cpu_race_table(csan_shadow_cpu *s) {
  return s->races;
}

uint32_t csan_shadow_cpu_races(csan_shadow_cpu *s, csan_race *out, uint32_t max, uint32_t *used,
                               uint32_t *dropped) {
  csan_race *e = csan_race_entries(s->races);
  uint32_t n = 0;
  for (uint32_t i = 0; i < s->races->capacity; i++) {
    if (csan_sh_load32_acquire(&e[i].state) != CSAN_RACE_READY)
      continue;
    if (n < max)
      out[n] = e[i];
    n++;
  }
  if (used)
    *used = csan_sh_load32(&s->races->used);
  if (dropped)
    *dropped = csan_sh_load32(&s->races->dropped);
  return n;
}

void csan_shadow_cpu_clear_races(csan_shadow_cpu *s) {
  uint32_t cap = s->races->capacity;
  memset(s->races, 0, CSAN_RACE_ENTRIES_OFFSET + (size_t)cap * sizeof(csan_race));
  s->races->capacity = cap;
}

void csan_shadow_cpu_pool_stats(csan_shadow_cpu *s, csan_shadow_pool_stats *out) {
  csan_pool *p = s->pool;
  uint32_t cap = p->capacity;
  uint32_t next = csan_sh_load32(&p->next_free);
  out->capacity = cap ? cap - 1 : 0;
  out->handed = next > cap ? cap - 1 : next - 1;
  out->free = 0;
  for (uint32_t i = 0; i < CSAN_POOL_SHARDS; i++) {
    uint32_t b = (uint32_t)csan_sh_load64(&p->free_head[i]);
    while (b && b < cap && out->free < cap) {
      out->free++;
      b = csan_sh_load32(&csan_sh_block(p, b)->next);
    }
  }
  out->exhausted = csan_sh_load32(&p->exhausted);
}

void csan_shadow_cpu_reset(csan_shadow_cpu *s) {
  for (uint32_t i = 0; i < L1_ENTRIES; i++) {
    uint64_t *l2 = (uint64_t *)(uintptr_t)s->dir[i];
    if (!l2)
      continue;
    for (uint32_t j = 0; j < L2_ENTRIES; j++)
      if (l2[j])
        for (uint32_t g = 0; g < CSAN_GRANULES_PER_PAGE; g++)
          csan_shadow_reset_granule(s->pool, l2[j], g);
  }
  csan_shadow_pool_reset(s->pool);
}

int csan_shadow_cpu_records(csan_shadow_cpu *s, uint64_t addr, csan_tag_t *tags, uint32_t *sites,
                            uint32_t max, uint64_t *ctrl) {
  uint64_t page = csan_sh_page((uint64_t)(uintptr_t)s->dir, addr);
  if (!page)
    return -1;
  uint64_t *cells = csan_sh_tags(page, addr);
  uint32_t *words = csan_sh_sites(page, addr);
  uint64_t c0 = csan_sh_load64(&cells[0]), c1 = csan_sh_load64(&cells[1]);
  if (ctrl)
    *ctrl = c0 & CSAN_TAG_CELL0_BITS;
  int n = 0;
#define CSAN_PUT(t, st)                                                                    \
  do {                                                                                     \
    if ((uint32_t)n < max) {                                                               \
      if (tags)                                                                            \
        tags[n] = (t);                                                                     \
      if (sites)                                                                           \
        sites[n] = (st);                                                                   \
    }                                                                                      \
    n++;                                                                                   \
  } while (0)
  if (c0 & CSAN_TAG_ESC) {
    uint32_t cap = s->pool->capacity;
    for (uint32_t b = (uint32_t)c1, k = 0; b && b < cap && k < cap; k++) {
      csan_pool_block *blk = csan_sh_block(s->pool, b);
      for (uint32_t i = 0; i < CSAN_POOL_BLOCK_RECORDS; i++)
        if (blk->tag[i] & CSAN_TAG_MASK)
          CSAN_PUT(blk->tag[i], blk->site[i]);
      b = blk->next;
    }
  } else {
    if (c0 & CSAN_TAG_MASK)
      CSAN_PUT(c0 & ~CSAN_TAG_CELL0_BITS, words[0]);
    if (c1 & CSAN_TAG_MASK)
      CSAN_PUT(c1, words[1]);
  }
#undef CSAN_PUT
  return n;
}
