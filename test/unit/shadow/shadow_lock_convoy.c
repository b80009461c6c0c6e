// The convoy breaker (csan_sh_lock, issue 14): a thread that finds its
// granule locked and, while it waits, sees a record of its own launch that
// covers its access (the record the holder just wrote) leaves at once,
// without the lock and without touching the cells: exactly the fast path's
// decision. Its twins: a record that does not cover the access (another
// kind, another launch, fewer bytes) changes nothing, and the thread waits
// for the lock and records its access.
//
// The holder is simulated by the platform layer's pause hook: the test
// locks the granule by hand, and in pause round 0 the "holder" stores its
// record in cell 1 (keeping the lock); it releases the lock after
// HOLD rounds. A waiter that ignores the record spins all HOLD rounds.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan_abi.h"

// A single-threaded platform layer whose pause plays the lock holder.
#define CSAN_SH_FN static inline __attribute__((unused))
static uint64_t *held;       /* the granule's cells */
static uint64_t holder_rec;  /* what the holder stores in cell 1 */
static uint32_t pauses;      /* rounds the waiter paused */
#define HOLD 1000u
static inline void csan_sh_pause(uint32_t r) {
  pauses = r + 1;
  if (r == 0)
    held[1] = holder_rec;
  if (r + 1 == HOLD)
    held[0] &= ~CSAN_TAG_LOCK;
  if (r > 10 * HOLD) {
    fprintf(stderr, "waiter never left\n");
    exit(2);
  }
}
static inline uint64_t csan_sh_load64(const uint64_t *p) { return *p; }
static inline uint64_t csan_sh_load64_acquire(const uint64_t *p) { return *p; }
static inline void csan_sh_load_cells(const uint64_t *p, uint64_t *a, uint64_t *b) { *a = p[0]; *b = p[1]; }
static inline uint64_t csan_sh_load_dir(const uint64_t *p) { return *p; }
static inline void csan_sh_store64(uint64_t *p, uint64_t v) { *p = v; }
static inline void csan_sh_store64_release(uint64_t *p, uint64_t v) { *p = v; }
static inline uint64_t csan_sh_cas64_acquire(uint64_t *p, uint64_t e, uint64_t d) { uint64_t o = *p; if (o == e) *p = d; return o; }
static inline uint64_t csan_sh_cas64_acq_rel(uint64_t *p, uint64_t e, uint64_t d) { uint64_t o = *p; if (o == e) *p = d; return o; }
static inline uint64_t csan_sh_fetch_add64(uint64_t *p, uint64_t v) { uint64_t o = *p; *p += v; return o; }
static inline void csan_sh_min64(uint64_t *p, uint64_t v) { if (v < *p) *p = v; }
static inline void csan_sh_max64(uint64_t *p, uint64_t v) { if (v > *p) *p = v; }
static inline uint32_t csan_sh_load32(const uint32_t *p) { return *p; }
static inline uint32_t csan_sh_load32_acquire(const uint32_t *p) { return *p; }
static inline void csan_sh_store32(uint32_t *p, uint32_t v) { *p = v; }
static inline void csan_sh_store32_release(uint32_t *p, uint32_t v) { *p = v; }
static inline uint32_t csan_sh_fetch_add32(uint32_t *p, uint32_t v) { uint32_t o = *p; *p += v; return o; }
static inline void csan_sh_default_who(csan_race *e) { memset(e->block, 0, 24); }
#include "csan_shadow.h"

#define SLOT 3u
#define EPOCH 9u
#define GADDR 0x7f0000100040ull /* granule 4 of its page */

static void *page_mem;

static const char *kind(csan_tag_t t) {
  static const char *n[] = {"read", "write", "atomic-read", "atomic-write"};
  return (t & CSAN_TAG_FREE) ? "free" : n[CSAN_TAG_GET_KIND(t) >> 16 & 3];
}

// Launch (SLOT, EPOCH) writes bytes 0..7 (mask 0x00ff) from site 64 while
// the granule is locked and the holder stores `rec` (site 32) in cell 1.
static void wait_on(const char *label, csan_tag_t rec, int locked) {
  uint64_t page = (uint64_t)(uintptr_t)page_mem;
  memset(page_mem, 0, CSAN_PAGE_SHADOW_BYTES);
  held = csan_sh_tags(page, GADDR);
  uint32_t *sites = csan_sh_sites(page, GADDR);
  held[0] = locked ? CSAN_TAG_LOCK : 0; /* cell 0: no record, locked by the "holder" */
  if (!locked)
    held[1] = rec; /* the holder has come and gone */
  sites[1] = 32;
  holder_rec = rec;
  pauses = 0;
  csan_launch_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.slot = SLOT;
  ctx.epoch = EPOCH;
  ctx.vc[SLOT] = EPOCH - 1;
  csan_shadow_update(&ctx, page, GADDR, 0x00ff, CSAN_ACC_WRITE, 64, 8, NULL);
  int untouched = held[0] == (locked ? CSAN_TAG_LOCK : 0) && held[1] == rec && sites[0] == 0 && sites[1] == 32;
  printf("%s: pauses %u, lock %s, cells %s\n", label, pauses,
         (held[0] & CSAN_TAG_LOCK) ? "held" : "free", untouched ? "untouched" : "updated");
  // The records the granule holds now (cell 0's flag bits aside).
  csan_tag_t t[2] = {held[0] & ~CSAN_TAG_CELL0_BITS, held[1]};
  for (int i = 0; i < 2; i++)
    if (t[i] & CSAN_TAG_MASK)
      printf("  rec %s slot %u:%u mask %04x site %u\n", kind(t[i]), CSAN_TAG_GET_SLOT(t[i]),
             CSAN_TAG_GET_EPOCH(t[i]), CSAN_TAG_GET_MASK(t[i]), sites[i]);
}

int main(void) {
  page_mem = calloc(1, CSAN_PAGE_SHADOW_BYTES);
  if (!page_mem)
    return 2;
  // The holder's record covers the access: a write of the same launch over
  // all 16 bytes (another site: the fast path ignores sites). The waiter
  // leaves after its first pause, the lock still held, the cells untouched.
  wait_on("covered", CSAN_TAG_MAKE(0xffff, CSAN_TAG_WRITE, SLOT, EPOCH), 1);
  // CHECK: covered: pauses 1, lock held, cells untouched
  // CHECK-NEXT: rec write slot 3:9 mask ffff site 32
  wait_on("covered by exactly its bytes", CSAN_TAG_MAKE(0x00ff, CSAN_TAG_WRITE, SLOT, EPOCH), 1);
  // CHECK-NEXT: covered by exactly its bytes: pauses 1, lock held, cells untouched
  // CHECK-NEXT: rec write slot 3:9 mask 00ff site 32
  // The cover is tested before the first try too: the granule is free, but
  // since the caller's range walk looked, a lane that ran before it (the
  // GPU's turns in csan_dev_slow) recorded a covering write.
  wait_on("covered before the first try", CSAN_TAG_MAKE(0xffff, CSAN_TAG_WRITE, SLOT, EPOCH), 0);
  // CHECK-NEXT: covered before the first try: pauses 0, lock free, cells untouched
  // CHECK-NEXT: rec write slot 3:9 mask ffff site 32

  // Twins: not covered. The waiter waits out the holder (HOLD pauses), then
  // takes the lock, records its write and releases.
  // A read does not cover a write.
  wait_on("other kind", CSAN_TAG_MAKE(0xffff, 0, SLOT, EPOCH), 1);
  // CHECK-NEXT: other kind: pauses 1000, lock free, cells updated
  // CHECK-NEXT: rec read slot 3:9 mask ffff site 32
  // CHECK-NEXT: rec write slot 3:9 mask 00ff site 64
  // The previous launch of the same stream (ordered before: its bytes
  // 0..7 give way to the write).
  wait_on("other launch", CSAN_TAG_MAKE(0xffff, CSAN_TAG_WRITE, SLOT, EPOCH - 1), 1);
  // CHECK-NEXT: other launch: pauses 1000, lock free, cells updated
  // CHECK-NEXT: rec write slot 3:8 mask ff00 site 32
  // CHECK-NEXT: rec write slot 3:9 mask 00ff site 64
  // Bytes 0..6 only: byte 7 is not covered; the launch's own record of
  // another site keeps its bytes, the write gets a record of its own.
  wait_on("fewer bytes", CSAN_TAG_MAKE(0x007f, CSAN_TAG_WRITE, SLOT, EPOCH), 1);
  // CHECK-NEXT: fewer bytes: pauses 1000, lock free, cells updated
  // CHECK-NEXT: rec write slot 3:9 mask 007f site 32
  // CHECK-NEXT: rec write slot 3:9 mask 00ff site 64
  free(page_mem);
  return 0;
}
