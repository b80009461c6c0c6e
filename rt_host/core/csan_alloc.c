/* csan_alloc.c: live allocations in a treap keyed by base, frees in a ring.
 *
 * A treap (a binary search tree by base that is also a heap by a random
 * priority) stays balanced in expectation whatever order allocations come
 * in, with split and merge as the only rebalancing code. Live allocations
 * never overlap, which makes "the allocation containing addr" the one with
 * the greatest base <= addr, if it reaches addr.
 */
#include "csan_alloc.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "csan_stack.h"

typedef struct node {
  csan_alloc_info info;
  uint32_t prio;
  struct node *left, *right;
} node;

struct csan_allocs {
  pthread_mutex_t mu;
  node *root;
  size_t live;
  uint32_t rng;
  csan_alloc_info *quarantine; /* ring of qcap records; qhead = next to write */
  uint32_t qcap, qhead, qcount;
};

static uint64_t end_of(const csan_alloc_info *i) { return i->base + i->size; }

static uint32_t next_prio(csan_allocs *a) {
  /* xorshift32: priorities only need to be unrelated to the keys. */
  uint32_t x = a->rng;
  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return a->rng = x;
}

/* Splits t into keys < base and keys >= base. */
static void split(node *t, uint64_t base, node **lt, node **ge) {
  if (!t) {
    *lt = *ge = NULL;
  } else if (t->info.base < base) {
    split(t->right, base, &t->right, ge);
    *lt = t;
  } else {
    split(t->left, base, lt, &t->left);
    *ge = t;
  }
}

/* Merges a and b where every key of a is below every key of b. */
static node *merge(node *a, node *b) {
  if (!a)
    return b;
  if (!b)
    return a;
  if (a->prio > b->prio) {
    a->right = merge(a->right, b);
    return a;
  }
  b->left = merge(a, b->left);
  return b;
}

/* The node with the greatest base <= addr. */
static node *floor_node(node *t, uint64_t addr) {
  node *best = NULL;
  while (t) {
    if (t->info.base <= addr) {
      best = t;
      t = t->right;
    } else {
      t = t->left;
    }
  }
  return best;
}

static void free_tree(node *t) {
  if (!t)
    return;
  free_tree(t->left);
  free_tree(t->right);
  free(t);
}

static void intern_event(csan_alloc_event *e) {
  e->api = csan_intern(e->api);
  e->site.file = csan_intern(e->site.file);
  e->site.function = csan_intern(e->site.function);
}

csan_allocs *csan_allocs_create(uint32_t quarantine) {
  csan_allocs *a = calloc(1, sizeof(*a));
  if (!a)
    return NULL;
  a->qcap = quarantine ? quarantine : CSAN_ALLOC_QUARANTINE_DEFAULT;
  a->quarantine = calloc(a->qcap, sizeof(*a->quarantine));
  if (!a->quarantine) {
    free(a);
    return NULL;
  }
  a->rng = 0x9e3779b9u;
  pthread_mutex_init(&a->mu, NULL);
  return a;
}

void csan_allocs_destroy(csan_allocs *a) {
  if (!a)
    return;
  free_tree(a->root);
  free(a->quarantine);
  pthread_mutex_destroy(&a->mu);
  free(a);
}

int csan_allocs_add(csan_allocs *a, const csan_alloc_info *info) {
  if (!a || !info || info->size == 0 || info->base + info->size < info->base)
    return CSAN_ALLOC_EINVAL;
  node *n = malloc(sizeof(*n));
  if (!n)
    return CSAN_ALLOC_ENOMEM;
  n->info = *info;
  n->info.flags &= ~CSAN_ALLOC_FREED;
  memset(&n->info.freed, 0, sizeof(n->info.freed));
  n->info.name = csan_intern(info->name);
  intern_event(&n->info.made);
  n->left = n->right = NULL;

  pthread_mutex_lock(&a->mu);
  /* Live allocations do not overlap, so only the one with the greatest base
   * below our end can overlap us (see the file comment). */
  node *f = floor_node(a->root, end_of(info) - 1);
  if (f && end_of(&f->info) > info->base) {
    pthread_mutex_unlock(&a->mu);
    free(n);
    return CSAN_ALLOC_EOVERLAP;
  }
  n->prio = next_prio(a);
  node *lt, *ge;
  split(a->root, info->base, &lt, &ge);
  a->root = merge(merge(lt, n), ge);
  a->live++;
  pthread_mutex_unlock(&a->mu);
  return CSAN_ALLOC_OK;
}

bool csan_allocs_find(csan_allocs *a, uint64_t addr, csan_alloc_info *out) {
  bool found = false;
  pthread_mutex_lock(&a->mu);
  node *f = floor_node(a->root, addr);
  if (f && addr < end_of(&f->info)) {
    if (out)
      *out = f->info;
    found = true;
  }
  pthread_mutex_unlock(&a->mu);
  return found;
}

int csan_allocs_remove(csan_allocs *a, uint64_t base, const csan_alloc_event *freed,
                       csan_alloc_info *out) {
  csan_alloc_event ev;
  memset(&ev, 0, sizeof(ev));
  if (freed) {
    ev = *freed;
    intern_event(&ev);
  }
  pthread_mutex_lock(&a->mu);
  node *lt, *ge, *eq, *gt;
  split(a->root, base, &lt, &ge);
  split(ge, base + 1, &eq, &gt);
  if (!eq) {
    a->root = merge(lt, gt);
    pthread_mutex_unlock(&a->mu);
    return CSAN_ALLOC_ENOENT;
  }
  a->root = merge(lt, gt);
  a->live--;
  csan_alloc_info rec = eq->info;
  free(eq);
  rec.flags |= CSAN_ALLOC_FREED;
  rec.freed = ev;
  a->quarantine[a->qhead] = rec;
  a->qhead = (a->qhead + 1) % a->qcap;
  if (a->qcount < a->qcap)
    a->qcount++;
  pthread_mutex_unlock(&a->mu);
  if (out)
    *out = rec;
  return CSAN_ALLOC_OK;
}

/* Quarantined record k, newest first (k < qcount). */
static const csan_alloc_info *quarantined(const csan_allocs *a, uint32_t k) {
  return &a->quarantine[(a->qhead + a->qcap - 1 - k) % a->qcap];
}

bool csan_allocs_find_freed(csan_allocs *a, uint64_t addr, csan_alloc_info *out) {
  bool found = false;
  pthread_mutex_lock(&a->mu);
  for (uint32_t k = 0; k < a->qcount; k++) {
    const csan_alloc_info *r = quarantined(a, k);
    if (addr >= r->base && addr < end_of(r)) {
      if (out)
        *out = *r;
      found = true;
      break;
    }
  }
  pthread_mutex_unlock(&a->mu);
  return found;
}

/* A growable list of candidate records. */
typedef struct pick_list {
  csan_alloc_info *v;
  size_t n, cap;
  bool oom;
} pick_list;

static void push(pick_list *l, const csan_alloc_info *i) {
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 16;
    csan_alloc_info *v = realloc(l->v, cap * sizeof(*v));
    if (!v) {
      l->oom = true;
      return;
    }
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n++] = *i;
}

/* In-order walk of the live allocations overlapping [lo, hi). */
static void collect_live(const node *t, uint64_t lo, uint64_t hi, pick_list *out) {
  if (!t)
    return;
  /* Left keys are below t's base; they can reach lo only if t's base is above
   * lo (otherwise they end at or before t's base <= lo). */
  if (t->info.base > lo)
    collect_live(t->left, lo, hi, out);
  if (t->info.base < hi && end_of(&t->info) > lo)
    push(out, &t->info);
  if (t->info.base < hi)
    collect_live(t->right, lo, hi, out);
}

static void collect_freed(const csan_allocs *a, uint64_t lo, uint64_t hi, pick_list *out) {
  for (uint32_t k = 0; k < a->qcount; k++) {
    const csan_alloc_info *r = quarantined(a, k);
    if (r->base < hi && end_of(r) > lo)
      push(out, r);
  }
}

static bool overlaps_any(const pick_list *l, const csan_alloc_info *i) {
  for (size_t k = 0; k < l->n; k++)
    if (l->v[k].base < end_of(i) && end_of(&l->v[k]) > i->base)
      return true;
  return false;
}

static int by_base(const void *x, const void *y) {
  const csan_alloc_info *a = x, *b = y;
  return a->base < b->base ? -1 : a->base > b->base;
}

size_t csan_allocs_cover(csan_allocs *a, uint64_t lo, uint64_t hi, bool freed_first,
                         csan_alloc_info *out, size_t max) {
  if (lo >= hi || max == 0)
    return 0;
  pick_list cand = {0}, picked = {0};
  pthread_mutex_lock(&a->mu);
  if (freed_first) {
    collect_freed(a, lo, hi, &cand);
    collect_live(a->root, lo, hi, &cand);
  } else {
    collect_live(a->root, lo, hi, &cand);
    collect_freed(a, lo, hi, &cand);
  }
  pthread_mutex_unlock(&a->mu);
  for (size_t k = 0; k < cand.n; k++)
    if (!overlaps_any(&picked, &cand.v[k]))
      push(&picked, &cand.v[k]);
  if (picked.n > 1)
    qsort(picked.v, picked.n, sizeof(*picked.v), by_base);
  size_t n = picked.n < max ? picked.n : max;
  if (n)
    memcpy(out, picked.v, n * sizeof(*out));
  free(cand.v);
  free(picked.v);
  return n;
}

size_t csan_allocs_live(csan_allocs *a) {
  pthread_mutex_lock(&a->mu);
  size_t n = a->live;
  pthread_mutex_unlock(&a->mu);
  return n;
}

size_t csan_allocs_quarantined(csan_allocs *a) {
  pthread_mutex_lock(&a->mu);
  size_t n = a->qcount;
  pthread_mutex_unlock(&a->mu);
  return n;
}

static bool walk(const node *t, bool (*fn)(void *, const csan_alloc_info *), void *arg) {
  if (!t)
    return true;
  return walk(t->left, fn, arg) && fn(arg, &t->info) && walk(t->right, fn, arg);
}

void csan_allocs_foreach(csan_allocs *a, bool (*fn)(void *arg, const csan_alloc_info *info),
                         void *arg) {
  pthread_mutex_lock(&a->mu);
  walk(a->root, fn, arg);
  pthread_mutex_unlock(&a->mu);
}

void csan_allocs_clear(csan_allocs *a) {
  pthread_mutex_lock(&a->mu);
  free_tree(a->root);
  a->root = NULL;
  a->live = 0;
  a->qhead = a->qcount = 0;
  pthread_mutex_unlock(&a->mu);
}

/* The node with the smallest base > addr. */
static node *above_node(node *t, uint64_t addr) {
  node *best = NULL;
  while (t) {
    if (t->info.base > addr) {
      best = t;
      t = t->left;
    } else {
      t = t->right;
    }
  }
  return best;
}

void csan_allocs_neighbours(csan_allocs *a, uint64_t addr, csan_alloc_info *below,
                            bool *have_below, csan_alloc_info *above, bool *have_above) {
  pthread_mutex_lock(&a->mu);
  node *lo = floor_node(a->root, addr), *hi = above_node(a->root, addr);
  *have_below = lo != NULL;
  if (lo)
    *below = lo->info;
  *have_above = hi != NULL;
  if (hi)
    *above = hi->info;
  pthread_mutex_unlock(&a->mu);
}
