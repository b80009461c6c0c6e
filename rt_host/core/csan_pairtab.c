/* csan_pairtab.c: see csan_pairtab.h. */
#include "csan_pairtab.h"

#include <stdlib.h>
#include <string.h>

static csan_pair_key *entry_at(const void *v, size_t entry_size, size_t i) {
  return (csan_pair_key *)(uintptr_t)((const char *)v + i * entry_size);
}

/* Pointers share their low and high bits: mix both words over the index. */
static size_t pair_hash(const void *p, uint64_t w) {
  uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ull ^ w;
  h ^= h >> 29;
  return (size_t)(h * 0xbf58476d1ce4e5b9ull >> 17);
}

/* The slot that holds (p, w), else the free slot where it would go. */
static size_t probe(const void *v, size_t entry_size, size_t cap, const void *p, uint64_t w) {
  for (size_t i = pair_hash(p, w) & (cap - 1);; i = (i + 1) & (cap - 1)) {
    const csan_pair_key *k = entry_at(v, entry_size, i);
    if (!k->p || (k->p == p && k->w == w))
      return i;
  }
}

void *csan_pairtab_find(const csan_pairtab *t, const void *p, uint64_t w) {
  if (!t->cap)
    return NULL;
  csan_pair_key *k = entry_at(t->v, t->entry_size, probe(t->v, t->entry_size, t->cap, p, w));
  return k->p ? k : NULL;
}

void *csan_pairtab_insert(csan_pairtab *t, const void *entry) {
  const csan_pair_key *key = entry;
  void *old = csan_pairtab_find(t, key->p, key->w);
  if (old)
    return old;
  size_t size = t->entry_size;
  if ((t->n + 1) * 2 > t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 64;
    void *v = calloc(cap, size);
    if (!v)
      return NULL;
    for (size_t i = 0; i < t->cap; i++) {
      const csan_pair_key *k = entry_at(t->v, size, i);
      if (k->p)
        memcpy(entry_at(v, size, probe(v, size, cap, k->p, k->w)), k, size);
    }
    free(t->v);
    t->v = v;
    t->cap = cap;
  }
  csan_pair_key *slot = entry_at(t->v, size, probe(t->v, size, t->cap, key->p, key->w));
  memcpy(slot, entry, size);
  t->n++;
  return slot;
}

void csan_pairtab_foreach(const csan_pairtab *t, void (*fn)(void *entry, void *ctx), void *ctx) {
  for (size_t i = 0; i < t->cap; i++) {
    csan_pair_key *k = entry_at(t->v, t->entry_size, i);
    if (k->p)
      fn(k, ctx);
  }
}

void csan_pairtab_clear(csan_pairtab *t) {
  free(t->v);
  t->v = NULL;
  t->cap = t->n = 0;
}
