/* shadow_test.h: helpers for the shadow engine's CPU tests.
 *
 * A test creates a shadow, tracks some made-up address ranges, plays
 * accesses as launches (slot, epoch, vector clock) and prints the race
 * table in a fixed order for FileCheck:
 *   race <other>-<access> slot S:E site N vs slot S:E site N [lo, hi) count C
 * where <other> is the earlier record's kind and <access> the reporting
 * access's kind (read, write, atomic-read, atomic-write, free, alloc).
 */
#ifndef SHADOW_TEST_H
#define SHADOW_TEST_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan_shadow_cpu.h"

#define W CSAN_ACC_WRITE
#define R CSAN_ACC_READ
#define AR CSAN_ACC_ATOMIC
#define AW (CSAN_ACC_ATOMIC | CSAN_ACC_WRITE)
#define FREE (CSAN_ACC_FREE | CSAN_ACC_WRITE)
#define ALLOC (CSAN_ACC_ALLOC | CSAN_ACC_WRITE)

/* A made-up allocation well inside one 2 MiB page. */
#define BASE 0x7f0000100000ull

static csan_shadow_cpu *sh;

static inline void die(const char *what) {
  fprintf(stderr, "shadow test: %s\n", what);
  exit(2);
}

static inline void setup(uint32_t pool_blocks, uint32_t race_entries) {
  sh = csan_shadow_cpu_create(pool_blocks, race_entries);
  if (!sh)
    die("create failed");
}

static inline void track(uint64_t base, uint64_t size) {
  if (csan_shadow_cpu_track(sh, base, size) != CSAN_SHADOW_OK)
    die("track failed");
}

/* A launch (slot, epoch), ordered after earlier work of its own slot;
 * after() orders it after (slot, epoch) of another stream too. */
typedef struct launch {
  csan_launch_ctx ctx;
} launch;

static inline launch mk(uint32_t slot, csan_epoch_t epoch) {
  launch l;
  csan_shadow_cpu_ctx(sh, &l.ctx, slot, epoch, NULL);
  l.ctx.vc[slot] = epoch - 1; /* earlier work of the same stream */
  return l;
}

static inline launch after(launch l, uint32_t slot, csan_epoch_t epoch) {
  if (l.ctx.vc[slot] < epoch)
    l.ctx.vc[slot] = epoch;
  return l;
}

static inline void acc(const launch *l, uint64_t addr, uint64_t size, uint32_t access, int32_t site) {
  csan_shadow_cpu_access(sh, &l->ctx, addr, size, access, site, NULL);
}

static inline const char *acc_name(uint32_t a) {
  if (a & CSAN_ACC_ALLOC)
    return "alloc";
  if (a & CSAN_ACC_FREE)
    return "free";
  if (a & CSAN_ACC_ATOMIC)
    return (a & CSAN_ACC_WRITE) ? "atomic-write" : "atomic-read";
  return (a & CSAN_ACC_WRITE) ? "write" : "read";
}

static inline const char *tag_name(csan_tag_t t) {
  return acc_name((uint32_t)(CSAN_TAG_GET_KIND(t) >> 16));
}

static inline int race_cmp(const void *a, const void *b) {
  const csan_race *x = a, *y = b;
  if (x->lo != y->lo)
    return x->lo < y->lo ? -1 : 1;
  if (x->site != y->site)
    return x->site < y->site ? -1 : 1;
  if (x->other_site != y->other_site)
    return x->other_site < y->other_site ? -1 : 1;
  return x->slot < y->slot ? -1 : x->slot > y->slot;
}

/* Prints the races (sorted), the table counters, then clears the table.
 * Addresses are printed relative to BASE. */
static inline void dump(const char *label) {
  static csan_race r[4096];
  uint32_t used, dropped;
  uint32_t n = csan_shadow_cpu_races(sh, r, 4096, &used, &dropped);
  if (n > 4096)
    n = 4096;
  qsort(r, n, sizeof r[0], race_cmp);
  printf("== %s: %u race(s)\n", label, n);
  for (uint32_t i = 0; i < n; i++)
    printf("race %s-%s slot %u:%u site %u vs slot %u:%u site %u [%" PRId64 ", %" PRId64
           ") count %" PRIu64 "\n",
           tag_name(r[i].other), acc_name(r[i].access), r[i].slot, r[i].epoch, r[i].site,
           CSAN_TAG_GET_SLOT(r[i].other), CSAN_TAG_GET_EPOCH(r[i].other), r[i].other_site,
           (int64_t)(r[i].lo - BASE), (int64_t)(r[i].hi - BASE), r[i].count);
  if (dropped)
    printf("dropped %u\n", dropped);
  csan_shadow_cpu_clear_races(sh);
}

/* Prints the live records of addr's granule: kind, slot:epoch, mask, site. */
static inline void records(const char *label, uint64_t addr) {
  csan_tag_t t[64];
  uint32_t s[64];
  uint64_t ctrl;
  int n = csan_shadow_cpu_records(sh, addr, t, s, 64, &ctrl);
  printf("-- %s: %d record(s)%s%s\n", label, n, (ctrl & CSAN_TAG_ESC) ? " escalated" : "",
         (ctrl & CSAN_TAG_UNTRACKED) ? " untracked" : "");
  for (int i = 0; i < n && i < 64; i++)
    printf("rec %s slot %u:%u mask %04x site %u\n", tag_name(t[i]), CSAN_TAG_GET_SLOT(t[i]),
           CSAN_TAG_GET_EPOCH(t[i]), CSAN_TAG_GET_MASK(t[i]), s[i]);
}

#endif
