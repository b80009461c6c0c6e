/* csan_pairtab.h: a table of fixed-size entries keyed by a pair (a non-null
 * pointer and a 64-bit word), by open addressing: linear probing,
 * power-of-two capacity, at most half full. Each entry type begins with its
 * csan_pair_key. The runtime's look-up caches use it (kernel twins by host
 * stub and context, device sites by module and site offset); they never
 * delete single entries, so there is no deletion. Not thread-safe: callers
 * lock. Entries move when the table grows.
 */
#ifndef CSAN_PAIRTAB_H
#define CSAN_PAIRTAB_H

#include <stddef.h>
#include <stdint.h>

typedef struct csan_pair_key {
  const void *p; /* never null in an entry: null marks a free slot */
  uint64_t w;
} csan_pair_key;

typedef struct csan_pairtab {
  void *v;
  size_t entry_size; /* sizeof the entry type */
  size_t cap, n;
} csan_pairtab;

#define CSAN_PAIRTAB_INIT(entry_type) {NULL, sizeof(entry_type), 0, 0}

/* The entry with key (p, w), or null. */
void *csan_pairtab_find(const csan_pairtab *t, const void *p, uint64_t w);

/* Copies entry in unless its key is there; returns the entry in the table
 * (valid until the next insertion), or null when out of memory. */
void *csan_pairtab_insert(csan_pairtab *t, const void *entry);

/* Calls fn(entry, ctx) for every entry, in no particular order; fn must not
 * insert. */
void csan_pairtab_foreach(const csan_pairtab *t, void (*fn)(void *entry, void *ctx), void *ctx);

/* Frees every entry; the table stays usable. */
void csan_pairtab_clear(csan_pairtab *t);

#endif
