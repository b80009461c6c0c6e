/* csan_hostmem_sync.c: clocks of the program's synchronization objects
 * (csan_hostmem_sync.h).
 *
 * Open addressing over nonzero 64-bit keys, linear probing of at most
 * MAX_PROBE entries, keys claimed by compare-and-swap and never removed.
 * An entry's clock is guarded by its own spin flag: a mutex's clock is only
 * touched by the thread that holds the mutex, but readers of an rwlock and
 * posters of a semaphore release at once.
 *
 * Cost. A clock is 1 KiB, so two shortcuts, both taken without the spin
 * flag, keep a lock that one thread takes again and again cheap: a release
 * by the thread whose clock (same generation) the entry already holds
 * changes nothing, and an acquire of the clock this thread acquired last
 * (same key, same content) adds nothing.
 */
#include "csan_hostmem_sync.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PROBE 64u

/* csan's lock interposers run inside ThreadSanitizer's own interceptors of
 * the same calls when the program is built with it (csan's sanitized CI),
 * and those ignore atomics as synchronization while they run: the spin
 * flag's acquire and release are told to TSan by its annotations instead. */
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CSAN_SYNC_TSAN 1
#endif
#endif
#ifdef CSAN_SYNC_TSAN
void __tsan_acquire(void *addr);
void __tsan_release(void *addr);
#define SYNC_TSAN_ACQUIRE(p) __tsan_acquire(p)
#define SYNC_TSAN_RELEASE(p) __tsan_release(p)
#else
#define SYNC_TSAN_ACQUIRE(p) ((void)(p))
#define SYNC_TSAN_RELEASE(p) ((void)(p))
#endif

typedef struct entry {
  _Atomic uint64_t key;        /* 0: free */
  _Atomic uint32_t busy;       /* spin flag over the fields below */
  bool valid;                  /* vc holds a clock of `window` */
  uint64_t window;
  /* The generation of the thread clock last joined in (0: none, or the
   * clock is gone): a release by the thread whose clock has that
   * generation adds nothing, and is decided without the spin flag. */
  _Atomic uint64_t src_gen;
  _Atomic uint64_t content;    /* changes whenever vc does */
  csan_vc *vc;                 /* allocated at the first release */
} entry;

struct csan_hostsync {
  uint32_t mask;
  _Atomic uint64_t dropped;
  _Atomic uint64_t contents;
  entry e[];
};

/* The entry whose clock this thread acquired last, and its content then. */
static __thread struct {
  const csan_hostsync *s;
  uint64_t key, content;
} tl_last __attribute__((tls_model("initial-exec")));

csan_hostsync *csan_hostsync_create(uint32_t cap_log2) {
  size_t cap = (size_t)1 << cap_log2;
  csan_hostsync *s = calloc(1, sizeof *s + cap * sizeof(entry));
  if (s)
    s->mask = (uint32_t)(cap - 1);
  return s;
}

void csan_hostsync_destroy(csan_hostsync *s) {
  if (!s)
    return;
  for (uint32_t i = 0; i <= s->mask; i++)
    free(s->e[i].vc);
  free(s);
}

static entry *find(csan_hostsync *s, uint64_t key, bool claim) {
  uint64_t h = key * 0x9e3779b97f4a7c15ull;
  uint32_t i = (uint32_t)(h >> 32) & s->mask;
  for (uint32_t n = 0; n < MAX_PROBE && n <= s->mask; n++, i = (i + 1) & s->mask) {
    uint64_t k = atomic_load_explicit(&s->e[i].key, memory_order_acquire);
    if (k == key)
      return &s->e[i];
    if (k)
      continue;
    if (!claim)
      return NULL;
    if (atomic_compare_exchange_strong(&s->e[i].key, &k, key) || k == key)
      return &s->e[i];
  }
  return NULL;
}

static void lock(entry *e) {
  while (atomic_exchange_explicit(&e->busy, 1, memory_order_acquire))
    while (atomic_load_explicit(&e->busy, memory_order_relaxed))
      ;
  SYNC_TSAN_ACQUIRE(e);
}

static void unlock(entry *e) {
  SYNC_TSAN_RELEASE(e);
  atomic_store_explicit(&e->busy, 0, memory_order_release);
}

static void changed(csan_hostsync *s, entry *e) {
  atomic_store_explicit(&e->content, atomic_fetch_add(&s->contents, 1) + 1,
                        memory_order_relaxed);
}

bool csan_hostsync_release(csan_hostsync *s, csan_model *m, uint64_t key, bool replace) {
  uint64_t gen, window;
  const csan_vc *vc = csan_model_thread_known(m, &gen, &window);
  if (!vc) {
    if (replace)
      csan_hostsync_forget(s, key);
    return true; /* the thread knows nothing to pass on */
  }
  entry *e = find(s, key, true);
  if (!e) {
    atomic_fetch_add(&s->dropped, 1);
    return false;
  }
  if (!replace && atomic_load_explicit(&e->src_gen, memory_order_relaxed) == gen)
    return true; /* this very clock is in already (generations are unique) */
  lock(e);
  bool ok = true;
  if (!e->vc)
    e->vc = malloc(sizeof *e->vc);
  if (!e->vc) {
    ok = false;
  } else if (replace || !e->valid || e->window != window) {
    memcpy(e->vc, vc, sizeof *e->vc);
    e->valid = true;
    e->window = window;
    atomic_store_explicit(&e->src_gen, gen, memory_order_relaxed);
    changed(s, e);
  } else if (atomic_load_explicit(&e->src_gen, memory_order_relaxed) != gen) {
    bool grew = false;
    for (uint32_t i = 0; i < CSAN_MAX_SLOTS; i++) {
      if (vc->c[i] > e->vc->c[i]) {
        e->vc->c[i] = vc->c[i];
        grew = true;
      }
    }
    atomic_store_explicit(&e->src_gen, gen, memory_order_relaxed);
    if (grew)
      changed(s, e);
  }
  unlock(e);
  if (!ok)
    atomic_fetch_add(&s->dropped, 1);
  return ok;
}

void csan_hostsync_acquire(csan_hostsync *s, csan_model *m, uint64_t key, bool consume) {
  entry *e = find(s, key, false);
  if (!e)
    return;
  if (!consume && tl_last.s == s && tl_last.key == key &&
      tl_last.content == atomic_load_explicit(&e->content, memory_order_relaxed))
    return; /* this thread took exactly this clock last time */
  lock(e);
  if (e->valid) {
    csan_model_thread_acquire(m, e->vc, e->window);
    tl_last.s = s;
    tl_last.key = key;
    tl_last.content = atomic_load_explicit(&e->content, memory_order_relaxed);
    if (consume) {
      e->valid = false;
      atomic_store_explicit(&e->src_gen, 0, memory_order_relaxed);
      changed(s, e);
    }
  }
  unlock(e);
}

void csan_hostsync_forget(csan_hostsync *s, uint64_t key) {
  entry *e = find(s, key, false);
  if (!e)
    return;
  lock(e);
  if (e->valid) {
    e->valid = false;
    atomic_store_explicit(&e->src_gen, 0, memory_order_relaxed);
    changed(s, e);
  }
  unlock(e);
}

uint64_t csan_hostsync_dropped(const csan_hostsync *s) {
  return atomic_load_explicit(&s->dropped, memory_order_relaxed);
}
