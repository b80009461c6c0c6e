/* csan_hash.h: one byte-string hash for the core's tables (the stack depot,
 * the interned strings, the reporter's sets). */
#ifndef CSAN_HASH_H
#define CSAN_HASH_H

#include <stddef.h>
#include <stdint.h>

/* FNV-1a, 64 bits: cheap, and good enough for return addresses, names and
 * report keys. */
static inline uint64_t csan_hash_bytes(const void *p, size_t n) {
  const unsigned char *b = p;
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; i++) {
    h ^= b[i];
    h *= 1099511628211ull;
  }
  return h;
}

/* Words, a word at a time (a multiply and a shift each): for keys made of
 * pointers and numbers (descriptions, stacks), where a byte loop is most of
 * the cost of a lookup. */
static inline uint64_t csan_hash_words(const uint64_t *w, size_t n) {
  uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
  for (size_t i = 0; i < n; i++) {
    h ^= w[i];
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 31;
  }
  return h;
}

#endif /* CSAN_HASH_H */
