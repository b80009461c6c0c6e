/* csan_hostmem.c: the region table and the host shadow (csan_hostmem.h).
 *
 * The table is a sorted array of live regions behind one atomic pointer.
 * Writers (region begins and ends, rare) build a new array under a mutex
 * and publish it; readers load the pointer and search it without a lock.
 * An array that was replaced may still be read by a thread that loaded the
 * pointer before, so replaced arrays are kept until csan_hostmem_destroy
 * (a program registers few regions; each array is small).
 */
#include "csan_hostmem.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct region {
  uint64_t lo, hi;
  uint32_t kind;
  bool retired; /* freed: no shadow, kept to recognise later accesses */
} region;

typedef struct table {
  struct table *older; /* replaced tables, kept for late readers */
  uint32_t n;
  region r[];
} table;

struct csan_hostmem {
  pthread_mutex_t mu; /* writers */
  _Atomic(table *) cur;
  csan_shadow_cpu *shadow;
  csan_hostmem_bounds bounds;
};

static table *table_new(uint32_t n) {
  table *t = calloc(1, sizeof *t + (size_t)n * sizeof(region));
  if (t)
    t->n = n;
  return t;
}

csan_hostmem *csan_hostmem_create(uint32_t pool_blocks, uint32_t race_entries,
                                  csan_hostmem_bounds bounds) {
  csan_hostmem *h = calloc(1, sizeof *h);
  if (!h)
    return NULL;
  h->shadow = csan_shadow_cpu_create(pool_blocks, race_entries);
  table *t = table_new(0);
  if (!h->shadow || !t) {
    if (h->shadow)
      csan_shadow_cpu_destroy(h->shadow);
    free(t);
    free(h);
    return NULL;
  }
  pthread_mutex_init(&h->mu, NULL);
  atomic_store(&h->cur, t);
  h->bounds = bounds;
  *bounds.lo = 0;
  *bounds.span = 0;
  return h;
}

void csan_hostmem_destroy(csan_hostmem *h) {
  if (!h)
    return;
  *h->bounds.lo = 0;
  *h->bounds.span = 0;
  table *t = atomic_load(&h->cur);
  while (t) {
    table *o = t->older;
    free(t);
    t = o;
  }
  csan_shadow_cpu_destroy(h->shadow);
  pthread_mutex_destroy(&h->mu);
  free(h);
}

/* Publishes t (mu held) and the hull of its regions. The span is cleared
 * first, so a reader never pairs a new lo with an old span that would
 * reach past the hull: it sees the old bounds, none, or the new ones. */
static void publish(csan_hostmem *h, table *t) {
  t->older = atomic_load(&h->cur);
  atomic_store(&h->cur, t);
  *h->bounds.span = 0;
  atomic_thread_fence(memory_order_seq_cst);
  if (t->n) {
    *h->bounds.lo = t->r[0].lo;
    atomic_thread_fence(memory_order_seq_cst);
    *h->bounds.span = t->r[t->n - 1].hi - t->r[0].lo;
  } else {
    *h->bounds.lo = 0;
  }
}

int csan_hostmem_add(csan_hostmem *h, uint64_t base, uint64_t size, uint32_t kind) {
  if (!size || base + size < base)
    return CSAN_SHADOW_EINVAL;
  uint64_t lo = base, hi = base + size;
  pthread_mutex_lock(&h->mu);
  int rc = csan_shadow_cpu_track(h->shadow, lo, size);
  if (rc != CSAN_SHADOW_OK) {
    pthread_mutex_unlock(&h->mu);
    return rc;
  }
  table *old = atomic_load(&h->cur);
  table *t = table_new(old->n + 1);
  if (!t) {
    pthread_mutex_unlock(&h->mu);
    return CSAN_SHADOW_ENOMEM;
  }
  /* Regions that overlap the new one are stale (a missed end): dropped. */
  uint32_t n = 0;
  bool placed = false;
  for (uint32_t i = 0; i < old->n; i++) {
    const region *r = &old->r[i];
    if (r->hi > lo && r->lo < hi)
      continue;
    if (!placed && r->lo >= hi) {
      t->r[n++] = (region){lo, hi, kind, false};
      placed = true;
    }
    t->r[n++] = *r;
  }
  if (!placed)
    t->r[n++] = (region){lo, hi, kind, false};
  t->n = n;
  publish(h, t);
  pthread_mutex_unlock(&h->mu);
  return CSAN_SHADOW_OK;
}

/* Ends the region starting at base whose retired state is `retired`:
 * drops it, or with `retire` keeps it retired. */
static bool end_region(csan_hostmem *h, uint64_t base, bool retired, bool retire) {
  pthread_mutex_lock(&h->mu);
  table *old = atomic_load(&h->cur);
  uint32_t at = old->n;
  for (uint32_t i = 0; i < old->n; i++)
    if (old->r[i].lo == base && old->r[i].retired == retired)
      at = i;
  table *t = at < old->n ? table_new(retire ? old->n : old->n - 1) : NULL;
  if (!t) {
    pthread_mutex_unlock(&h->mu);
    return false;
  }
  region gone = old->r[at];
  for (uint32_t i = 0, n = 0; i < old->n; i++) {
    if (i != at)
      t->r[n++] = old->r[i];
    else if (retire)
      t->r[n++] = (region){gone.lo, gone.hi, gone.kind, true};
  }
  publish(h, t);
  if (!retired)
    csan_shadow_cpu_untrack(h->shadow, gone.lo, gone.hi - gone.lo);
  pthread_mutex_unlock(&h->mu);
  return true;
}

bool csan_hostmem_remove(csan_hostmem *h, uint64_t base) {
  return end_region(h, base, false, false);
}

bool csan_hostmem_retire(csan_hostmem *h, uint64_t base) {
  return end_region(h, base, false, true);
}

bool csan_hostmem_drop_retired(csan_hostmem *h, uint64_t base) {
  return end_region(h, base, true, false);
}

void csan_hostmem_clear(csan_hostmem *h) {
  pthread_mutex_lock(&h->mu);
  table *old = atomic_load(&h->cur);
  table *t = table_new(0);
  if (t) {
    publish(h, t);
    for (uint32_t i = 0; i < old->n; i++)
      if (!old->r[i].retired)
        csan_shadow_cpu_untrack(h->shadow, old->r[i].lo, old->r[i].hi - old->r[i].lo);
  }
  pthread_mutex_unlock(&h->mu);
}

/* Index of the first region whose end is above addr (t->n if none). */
static uint32_t first_above(const table *t, uint64_t addr) {
  uint32_t a = 0, b = t->n;
  while (a < b) {
    uint32_t m = (a + b) / 2;
    if (t->r[m].hi > addr)
      b = m;
    else
      a = m + 1;
  }
  return a;
}

bool csan_hostmem_clip(csan_hostmem *h, uint64_t addr, uint64_t size, uint64_t *lo,
                       uint64_t *hi) {
  const table *t = atomic_load_explicit(&h->cur, memory_order_acquire);
  uint64_t end = addr + size < addr ? UINT64_MAX : addr + size;
  uint32_t i = first_above(t, addr);
  if (i == t->n || t->r[i].lo >= end)
    return false;
  *lo = t->r[i].lo > addr ? t->r[i].lo : addr;
  uint32_t j = i;
  while (j + 1 < t->n && t->r[j + 1].lo < end)
    j++;
  *hi = t->r[j].hi < end ? t->r[j].hi : end;
  return true;
}

bool csan_hostmem_find(csan_hostmem *h, uint64_t addr, uint64_t *base, uint64_t *size,
                       uint32_t *kind) {
  const table *t = atomic_load_explicit(&h->cur, memory_order_acquire);
  uint32_t i = first_above(t, addr);
  if (i == t->n || t->r[i].lo > addr || t->r[i].retired)
    return false;
  if (base)
    *base = t->r[i].lo;
  if (size)
    *size = t->r[i].hi - t->r[i].lo;
  if (kind)
    *kind = t->r[i].kind;
  return true;
}

uint32_t csan_hostmem_regions(csan_hostmem *h) {
  const table *t = atomic_load_explicit(&h->cur, memory_order_acquire);
  uint32_t n = 0;
  for (uint32_t i = 0; i < t->n; i++)
    n += !t->r[i].retired;
  return n;
}

unsigned csan_hostmem_access(csan_hostmem *h, const csan_launch_ctx *ctx, uint64_t addr,
                             uint64_t size, uint32_t access, int32_t site,
                             uint64_t *retired_at) {
  const table *t = atomic_load_explicit(&h->cur, memory_order_acquire);
  uint64_t end = addr + size < addr ? UINT64_MAX : addr + size;
  unsigned touched = 0;
  /* Each region's part separately: the bytes between two regions have no
   * shadow of theirs. */
  for (uint32_t i = first_above(t, addr); i < t->n && t->r[i].lo < end; i++) {
    uint64_t lo = t->r[i].lo > addr ? t->r[i].lo : addr;
    uint64_t hi = t->r[i].hi < end ? t->r[i].hi : end;
    if (t->r[i].retired) {
      if (!(touched & CSAN_HOSTMEM_RETIRED) && retired_at)
        *retired_at = lo;
      touched |= CSAN_HOSTMEM_RETIRED;
      continue;
    }
    csan_shadow_cpu_access(h->shadow, ctx, lo, hi - lo, access, site, NULL);
    touched |= CSAN_HOSTMEM_LIVE;
  }
  return touched;
}

csan_shadow_cpu *csan_hostmem_shadow(csan_hostmem *h) { return h->shadow; }
