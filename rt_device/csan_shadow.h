/* csan_shadow.h: the shadow engine, one source for the GPU and the CPU.
 *
 * This header is portable C99 (also valid CUDA C++). clang compiles it for
 * nvptx64 inside the device runtime and csan's own kernels; the host C
 * compiler compiles it inside the CPU backend (csan-replay, unit tests).
 * Everything that differs between the two is a thin platform layer that the
 * includer defines first (see "Platform layer" below).
 *
 * Algorithm (DESIGN.md decisions 6-10). Each 16-byte granule has two 64-bit
 * tag cells and two 32-bit site words. A record is (mask, kind, slot, epoch)
 * plus the site of the access that made it. An access of launch L (slot,
 * epoch, vector clock vc) with byte mask M and kind K:
 *
 *   fast path   one of the two cells holds L's slot and epoch, a kind that
 *               dominates K and a mask that covers M: nothing to do. Only
 *               L's own slow path can have put that record there, and L is
 *               still running, so the record cannot have been dropped.
 *               A thread waiting for the granule lock makes the same test
 *               after every pause (csan_sh_lock: the convoy breaker).
 *   slow path   under the granule lock (lock bit of cell 0), for each live
 *               record r with r.mask & M != 0:
 *                 r is L's own                  -> no race
 *                 r is FREE                     -> race (use-after-free),
 *                                                  unless K is ALLOC
 *                 else race iff (r or K writes) && !(both atomic)
 *                               && !(r.epoch <= vc[r.slot])
 *               then update: L's record of the same kind absorbs M; every
 *               other record r that K dominates and that is ordered before L
 *               loses the bytes of M (ALLOC also removes FREE bytes,
 *               ordered or not); records left with no bytes disappear; the
 *               new record is added. Records that race are kept, so every
 *               reader since the last write stays visible.
 *
 * Dominance (X dominates Y: X is at least as conflicting as Y, so once X is
 * recorded a later Y by the same launch adds nothing, and an X ordered after
 * Y makes Y redundant):
 *   FREE           dominates everything
 *   plain write    dominates everything but FREE (ALLOC is a plain write that
 *                  also replaces FREE)
 *   plain read     dominates plain and atomic reads
 *   atomic write   dominates atomic reads and atomic writes
 *   atomic read    dominates atomic reads
 *
 * When the live records of a granule do not fit its two cells, the granule
 * escalates: cell 0 becomes ESC (no record), cell 1 the index of the first
 * pool block of a chain of 10-record blocks. A granule whose records shrink
 * back to two returns its chain to a free list of the pool (one of 256,
 * chosen by the granule's address, so that granules escalating at once do
 * not all meet on one word). An exhausted pool
 * keeps the records it can (the least important one gives way) and counts
 * each loss in pool->exhausted; nothing crashes and nothing is silent.
 *
 * Races go into an open-addressing hash table keyed by (this op, other op,
 * both sites, kinds); each entry accumulates the byte hull and a count.
 *
 * Platform layer. The includer defines, before including this header:
 *   CSAN_SH_FN         qualifier of every function here ("static inline",
 *                      or "static __device__ inline" for CUDA)
 *   CSAN_SH_COLD_FN    (optional) qualifier of the rare paths, e.g. noinline
 *   CSAN_SH_NOUNROLL   (optional) a pragma that keeps the next loop rolled
 *   CSAN_SH_WHO_IS_DEFAULT (optional) 1: every caller passes who == NULL
 *   uint64_t csan_sh_load64(const uint64_t *p)          relaxed
 *   uint64_t csan_sh_load64_acquire(const uint64_t *p)
 *   void     csan_sh_load_cells(const uint64_t *p, uint64_t *c0, uint64_t *c1)
 *                                   relaxed load of p[0] and p[1]
 *   uint64_t csan_sh_load_dir(const uint64_t *p)        directory entry
 *                                   (acquire on the CPU, where track() runs
 *                                    beside accesses; a plain load on the GPU)
 *   void     csan_sh_store64(uint64_t *p, uint64_t v)   relaxed
 *   void     csan_sh_store64_release(uint64_t *p, uint64_t v)
 *   uint64_t csan_sh_cas64_acquire(uint64_t *p, uint64_t expect, uint64_t desired)
 *   uint64_t csan_sh_cas64_acq_rel(uint64_t *p, uint64_t expect, uint64_t desired)
 *                                   device scope; both return the old value
 *   uint64_t csan_sh_fetch_add64(uint64_t *p, uint64_t v)    relaxed
 *   void     csan_sh_min64(uint64_t *p, uint64_t v), csan_sh_max64(...)
 *   uint32_t csan_sh_load32(const uint32_t *p)                relaxed
 *   uint32_t csan_sh_load32_acquire(const uint32_t *p)
 *   void     csan_sh_store32(uint32_t *p, uint32_t v)         relaxed
 *   void     csan_sh_store32_release(uint32_t *p, uint32_t v)
 *   uint32_t csan_sh_fetch_add32(uint32_t *p, uint32_t v)    relaxed
 *   void     csan_sh_pause(uint32_t round)   back off before retrying a lock
 *   void     csan_sh_default_who(csan_race *e)  fill e->block/e->thread when
 *                                   the caller passed who == NULL
 */
#ifndef CSAN_SHADOW_H
#define CSAN_SHADOW_H

#include "csan_abi.h"

#ifndef CSAN_SH_FN
#error "define the platform layer (CSAN_SH_FN, csan_sh_*) before including csan_shadow.h"
#endif
/* Rare paths (race insertion, escalated granules, pool allocation) may be
 * kept out of line to keep the slow path small; by default like CSAN_SH_FN. */
#ifndef CSAN_SH_COLD_FN
#define CSAN_SH_COLD_FN CSAN_SH_FN
#endif
/* 1 where every caller passes who == NULL (the GPU: the racing thread is the
 * one running), so the copy of a caller's who is compiled out. */
#ifndef CSAN_SH_WHO_IS_DEFAULT
#define CSAN_SH_WHO_IS_DEFAULT 0
#endif
/* Put before a loop of the slow path that must stay a loop: on the GPU every
 * copy of an unrolled body is SASS that ptxas duplicates into each kernel
 * (whole-program mode), for code that runs only on a miss. */
#ifndef CSAN_SH_NOUNROLL
#define CSAN_SH_NOUNROLL
#endif
/* Is record t (another operation's, not ordered before the access) known
 * to be ordered AFTER the access's launch ctx? Only an access checked later
 * than the operations issued after it can meet such a record: the host's
 * replay of a kernel's logged accesses to host memory (CSAN_CTX_F_REPLAYED;
 * the CPU platform asks the host runtime). Everywhere else records arrive
 * in an order consistent with the operations' order, so: never. */
#ifndef CSAN_SH_RECORD_IS_LATER
#define CSAN_SH_RECORD_IS_LATER(ctx, t) 0
#endif
/* Must record t stay although the access supersedes it (ordered before
 * it, dominated)? Only on the host's shadow while a kernel's logged
 * accesses may still be on their way and t is not ordered before every
 * such kernel (CSAN_CTX_F_KEEP_OTHERS; the CPU platform asks the host
 * runtime); never on the GPU. */
#ifndef CSAN_SH_KEEP_OTHERS
#define CSAN_SH_KEEP_OTHERS(ctx, t) 0
#endif

/* Where a racing access came from: grid coordinates on the GPU, anything the
 * caller likes on the CPU (NULL: csan_sh_default_who decides). */
typedef struct csan_who {
  uint32_t block[3];
  uint32_t thread[3];
} csan_who;

/* ------------------------------------------------------------------------
 * Small constants and encodings.
 * ---------------------------------------------------------------------- */

/* Bits of a tag that name the operation (slot and epoch; 22..23 are 0). */
#define CSAN_SH_OP_BITS (~0xffffffull)
/* A record without its mask: what a race entry stores as "other". */
#define CSAN_SH_REC_ID_BITS (CSAN_SH_OP_BITS | CSAN_TAG_KIND_BITS)

/* Races probe at most this many entries before counting the race dropped,
 * so a full table costs a bounded amount per racing access. */
#define CSAN_RACE_MAX_PROBES 256u
/* Entries of one site pair (other operations) after which a race of that
 * pair is folded into an existing entry (csan_race_insert). */
#define CSAN_RACE_FOLD_AFTER 4u

/* Page shadow layout: tags, then site words. */
#define CSAN_SH_GRANULE_INDEX(addr) (((addr) & (CSAN_PAGE_SIZE - 1)) >> CSAN_GRANULE_SHIFT)

/* The tag kind bits of an access: CSAN_ACC_WRITE/ATOMIC/FREE are the tag bits
 * 16/17/18 shifted down; ALLOC is recorded as the plain write it is. */
CSAN_SH_FN csan_tag_t csan_sh_acc_kind(uint32_t access) {
  return (csan_tag_t)(access & 7u) << 16;
}

/* Does a record of kind x dominate an access or record of kind y? */
CSAN_SH_FN int csan_sh_dominates(csan_tag_t x, csan_tag_t y) {
  if (x & CSAN_TAG_FREE)
    return 1;
  if (y & CSAN_TAG_FREE)
    return 0;
  if (!(x & CSAN_TAG_ATOMIC))
    return (x & CSAN_TAG_WRITE) ? 1 : !(y & CSAN_TAG_WRITE);
  if (x & CSAN_TAG_WRITE)
    return (y & CSAN_TAG_ATOMIC) != 0;
  return y == CSAN_TAG_ATOMIC;
}

/* Fast path. A cell c covers the access iff (c & cm) == cv: the same slot and
 * epoch (bits 24..63), every byte of the access in the mask, and the kind
 * bits selected by the access's kind (below) equal; control bits and the
 * reserved bits are ignored. The kind test is dominance written as a mask:
 *   read          A clear        (plain read, plain write, free)
 *   write/alloc   W set, A clear (plain write, free)
 *   atomic read   anything
 *   atomic write  W set          (plain write, atomic write, free)
 *   free          F set          (free)
 */
typedef struct csan_sh_cover {
  csan_tag_t cm, cv;
} csan_sh_cover;

CSAN_SH_FN csan_tag_t csan_sh_launch_bits(const csan_launch_ctx *ctx) {
  return ((csan_tag_t)ctx->epoch << CSAN_TAG_EPOCH_SHIFT) |
         ((csan_tag_t)(ctx->slot & (CSAN_MAX_SLOTS - 1)) << CSAN_TAG_SLOT_SHIFT);
}

CSAN_SH_FN csan_sh_cover csan_sh_cover_make(csan_tag_t launch, uint32_t amask, uint32_t access) {
  csan_tag_t km, kv;
  if (access & CSAN_ACC_FREE) {
    km = CSAN_TAG_FREE;
    kv = CSAN_TAG_FREE;
  } else if (access & CSAN_ACC_ATOMIC) {
    km = (access & CSAN_ACC_WRITE) ? CSAN_TAG_WRITE : 0;
    kv = km;
  } else if (access & CSAN_ACC_WRITE) {
    km = CSAN_TAG_WRITE | CSAN_TAG_ATOMIC;
    kv = CSAN_TAG_WRITE;
  } else {
    km = CSAN_TAG_ATOMIC;
    kv = 0;
  }
  csan_sh_cover c;
  c.cm = CSAN_SH_OP_BITS | (csan_tag_t)amask | km;
  c.cv = launch | (csan_tag_t)amask | kv;
  return c;
}

CSAN_SH_FN int csan_sh_covered(csan_tag_t c0, csan_tag_t c1, csan_sh_cover cov) {
  return ((c0 & cov.cm) == cov.cv) | ((c1 & cov.cm) == cov.cv);
}

/* Byte mask of [off, off + n) inside a granule, 0 < n, off + n <= 16. */
CSAN_SH_FN uint32_t csan_sh_byte_mask(uint32_t off, uint32_t n) {
  return (uint32_t)(((1u << n) - 1u) << off) & 0xffffu;
}

/* ------------------------------------------------------------------------
 * Lookup: directory -> page shadow.
 * ---------------------------------------------------------------------- */

/* The page shadow base (tags at +0, site words at +CSAN_PAGE_SIZE) for addr,
 * or 0 when addr is not shadowed. */
CSAN_SH_FN uint64_t csan_sh_page(uint64_t dir, uint64_t addr) {
  if (!dir || (addr >> CSAN_VA_BITS))
    return 0;
  uint64_t l2 = csan_sh_load_dir((const uint64_t *)(uintptr_t)dir + (addr >> CSAN_L1_SHIFT));
  if (!l2)
    return 0;
  return csan_sh_load_dir((const uint64_t *)(uintptr_t)l2 +
                          ((addr >> CSAN_PAGE_SHIFT) & ((1u << CSAN_L2_BITS) - 1)));
}

CSAN_SH_FN uint64_t *csan_sh_tags(uint64_t page, uint64_t addr) {
  return (uint64_t *)(uintptr_t)(page + CSAN_SH_GRANULE_INDEX(addr) * 16u);
}

CSAN_SH_FN uint32_t *csan_sh_sites(uint64_t page, uint64_t addr) {
  return (uint32_t *)(uintptr_t)(page + CSAN_PAGE_TAG_BYTES + CSAN_SH_GRANULE_INDEX(addr) * 8u);
}

/* ------------------------------------------------------------------------
 * Granule lock.
 * ---------------------------------------------------------------------- */

/* Takes the lock bit of cell 0 and returns the locked value (lock bit set),
 * or returns 0 without locking when the granule is untracked and
 * with_untracked is 0, or when cov is not NULL and the cells cover it. A
 * locked value is never 0.
 *
 * The convoy breaker (cov, issue 14). When the threads of one launch touch
 * a granule for the first time together (the blocks of a matmul on one
 * tile), they all miss the fast path and queue on this lock, yet the first
 * of them to record leaves a record that covers the others' accesses. So a
 * waiter reads both cells again after every pause and leaves, without the
 * lock, once they cover its access: the decision the fast path would take
 * at that moment, with the same relaxed loads and the same test, so the
 * result is one the fast path could have given. Reading cells that a holder
 * is in the middle of updating is as safe as the fast path's read, which
 * never takes the lock either: each cell value seen is one that some slow
 * path stored (a record, or a pool index, whose epoch bits are 0 while
 * launches' epochs start at 1), and a record of this launch L can only
 * have been stored by L's own slow path, for an access of L that it
 * covers. Such a record is not dropped while L runs (the header comment:
 * only records ordered before an access lose bytes), and whatever might
 * drop it anyway (an exhausted pool's eviction, which is counted) could as
 * well drop it just after a fast-path check saw it. So there is nothing to
 * record.
 *
 * The cover is tested before the first try too, at no extra code (it is
 * the one loop body) and one more load of cell 1: the range walk's test is
 * not always fresh, since on the GPU the lanes of a warp that hit one
 * granule run the slow path in turns (csan_dev_slow), each after the
 * previous lane's update. A failed CAS retries at once, reading both cells
 * again. */
CSAN_SH_FN uint64_t csan_sh_lock(uint64_t *cell0, int with_untracked, const csan_sh_cover *cov) {
  uint32_t round = 0;
  for (;;) {
    uint64_t old, c1;
    csan_sh_load_cells(cell0, &old, &c1);
    if (cov && csan_sh_covered(old, c1, *cov))
      return 0;
    if ((old & CSAN_TAG_UNTRACKED) && !with_untracked)
      return 0;
    if (!(old & CSAN_TAG_LOCK)) {
      if (csan_sh_cas64_acquire(cell0, old, old | CSAN_TAG_LOCK) == old)
        return old | CSAN_TAG_LOCK;
      continue;
    }
    csan_sh_pause(round++);
  }
}

/* ------------------------------------------------------------------------
 * Escalation pool.
 * ---------------------------------------------------------------------- */

/* Blocks after the header (the rest are in segments the host adds). */
CSAN_SH_FN uint32_t csan_sh_pool_base(const csan_pool *pool) {
  return pool->base_capacity ? pool->base_capacity : pool->capacity;
}

/* Block idx: after the header, or in a segment the host added
 * (csan_abi.h). Only indices below a capacity this thread read reach here,
 * and a segment's address is published before that capacity, so seg[k] is
 * set; csan_sh_pool_alloc checks it anyway before it hands a block out. */
CSAN_SH_FN csan_pool_block *csan_sh_block(csan_pool *pool, uint32_t idx) {
  uint32_t base = csan_sh_pool_base(pool);
  if (idx < base)
    return (csan_pool_block *)((char *)pool + CSAN_POOL_BLOCKS_OFFSET) + idx;
  uint32_t r = idx - base, shift = pool->seg_shift & 31u, k = r >> shift;
  uint64_t seg = csan_sh_load64(&pool->seg[k < CSAN_POOL_SEGS ? k : 0]);
  return (csan_pool_block *)(uintptr_t)seg + (r & ((1u << shift) - 1u));
}

/* One past the largest block index a chain or free list can hold: the
 * capacity the pool can grow to (a thread's read of the capacity may lag
 * behind the segment another thread took a block from). */
CSAN_SH_FN uint32_t csan_sh_pool_limit(const csan_pool *pool) {
  if (!pool->base_capacity)
    return pool->capacity;
  uint64_t limit = pool->base_capacity + ((uint64_t)CSAN_POOL_SEGS << (pool->seg_shift & 31u));
  return limit > 0xffffffffull ? 0xffffffffu : (uint32_t)limit;
}

/* Whether block idx can be used: in the blocks after the header, or in a
 * segment whose address is visible here. */
CSAN_SH_FN int csan_sh_block_ready(csan_pool *pool, uint32_t idx) {
  uint32_t base = csan_sh_pool_base(pool);
  if (idx < base)
    return 1;
  uint32_t k = (idx - base) >> (pool->seg_shift & 31u);
  return k < CSAN_POOL_SEGS && csan_sh_load64(&pool->seg[k]) != 0;
}

/* Tells the host the pool runs low (csan_pool.pool_notify): once when the
 * bump allocator hands out the block at three quarters of the capacity
 * this thread read, and once when it first hands out none (the index
 * equal to it). One thread gets each index, so each crossing writes the
 * host-mapped word once. */
CSAN_SH_FN void csan_sh_pool_low(csan_pool *pool, uint32_t idx, uint32_t cap) {
  if (pool->pool_notify && (idx == cap - (cap >> 2) || idx == cap))
    csan_sh_store32_release((uint32_t *)(uintptr_t)pool->pool_notify, 1);
}

/* Stores through the platform layer, one record per turn: a plain loop of
 * stores becomes a memset, which the GPU backend lowers to 120 byte stores. */
CSAN_SH_FN void csan_sh_block_clear(csan_pool_block *b) {
  CSAN_SH_NOUNROLL
  for (uint32_t i = 0; i < CSAN_POOL_BLOCK_RECORDS; i++) {
    csan_sh_store64(&b->tag[i], 0);
    csan_sh_store32(&b->site[i], 0);
  }
  csan_sh_store32(&b->next, 0);
}

/* The free-list shard of the granule at gaddr: its blocks come from and go
 * back to that list (CSAN_POOL_SHARDS in csan_abi.h says why). */
CSAN_SH_FN uint32_t csan_sh_shard(uint64_t gaddr) {
  return (uint32_t)(((gaddr >> CSAN_GRANULE_SHIFT) * 0x9e3779b97f4a7c15ull) >> 56) &
         (CSAN_POOL_SHARDS - 1u);
}

/* Pops a block from shard `shard`'s free list; 0 when it is empty. */
CSAN_SH_FN uint32_t csan_sh_pool_pop(csan_pool *pool, uint32_t shard) {
  uint32_t cap = csan_sh_pool_limit(pool);
  uint64_t *headp = &pool->free_head[shard & (CSAN_POOL_SHARDS - 1u)];
  /* Acquire: the top block's `next` read below is what its pusher wrote
   * before its releasing compare-and-swap (a failed one below acquires). */
  uint64_t head = csan_sh_load64_acquire(headp);
  while ((uint32_t)head != 0) {
    uint32_t idx = (uint32_t)head;
    if (idx >= cap)
      return 0; /* corrupt list: do not follow it */
    uint32_t next = csan_sh_load32(&csan_sh_block(pool, idx)->next);
    uint64_t want = ((head >> 32) + 1) << 32 | next;
    uint64_t prev = csan_sh_cas64_acq_rel(headp, head, want);
    if (prev == head)
      return idx;
    head = prev;
  }
  return 0;
}

/* A cleared block for a granule of shard `shard`, or 0 when the pool is
 * exhausted (the caller counts it): the shard's own free list, then the
 * bump allocator, then, once that is used up, the other shards' lists. */
CSAN_SH_COLD_FN uint32_t csan_sh_pool_alloc(csan_pool *pool, uint32_t shard) {
  uint32_t cap = csan_sh_load32(&pool->capacity); /* the host may grow it meanwhile */
  uint32_t idx = csan_sh_pool_pop(pool, shard);
  if (!idx && csan_sh_load32(&pool->next_free) < cap) {
    idx = csan_sh_fetch_add32(&pool->next_free, 1);
    if (idx == 0) /* header left at 0 by its creator: block 0 means "none" */
      idx = csan_sh_fetch_add32(&pool->next_free, 1);
    csan_sh_pool_low(pool, idx, cap);
    if (idx >= cap || !csan_sh_block_ready(pool, idx))
      idx = 0;
  }
  CSAN_SH_NOUNROLL
  for (uint32_t k = 1; !idx && k < CSAN_POOL_SHARDS; k++)
    idx = csan_sh_pool_pop(pool, shard + k);
  if (idx)
    csan_sh_block_clear(csan_sh_block(pool, idx));
  return idx;
}

/* Pushes a whole chain (first .. the block whose next is 0) on shard
 * `shard`'s free list. */
CSAN_SH_FN void csan_sh_pool_free_chain(csan_pool *pool, uint32_t first, uint32_t shard) {
  uint32_t cap = csan_sh_pool_limit(pool);
  if (!first || first >= cap)
    return;
  uint32_t last = first;
  for (uint32_t n = 0; n < cap; n++) {
    uint32_t next = csan_sh_load32(&csan_sh_block(pool, last)->next);
    if (!next || next >= cap)
      break;
    last = next;
  }
  uint64_t *headp = &pool->free_head[shard & (CSAN_POOL_SHARDS - 1u)];
  uint64_t head = csan_sh_load64(headp);
  for (;;) {
    csan_sh_store32(&csan_sh_block(pool, last)->next, (uint32_t)head);
    uint64_t want = ((head >> 32) + 1) << 32 | first;
    uint64_t prev = csan_sh_cas64_acq_rel(headp, head, want);
    if (prev == head)
      return;
    head = prev;
  }
}

/* ------------------------------------------------------------------------
 * Race table.
 * ---------------------------------------------------------------------- */

CSAN_SH_FN csan_race *csan_race_entries(csan_race_table *t) {
  return (csan_race *)((char *)t + CSAN_RACE_ENTRIES_OFFSET);
}

/* Out of line: the race key and the probe start use it eight times. */
CSAN_SH_COLD_FN uint64_t csan_sh_mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h ^= h >> 31;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 29;
  return h;
}

/* The race table's key of an entry: every field that identifies it (the
 * reporting operation, the record it met, both sites, the access kind).
 * The host recomputes it to tell a whole entry from one copied torn. */
CSAN_SH_FN uint64_t csan_race_key(uint32_t slot, csan_epoch_t epoch, csan_tag_t other,
                                  uint32_t site, uint32_t other_site, uint32_t access) {
  uint64_t key = csan_sh_mix(csan_sh_mix(csan_sh_mix(0, (uint64_t)slot << 32 | epoch), other),
                             csan_sh_mix((uint64_t)site << 32 | other_site, access));
  return key ? key : 1;
}

/* One racing access: the reporting access (launch ctx, access kind and size,
 * site) met record `other` (site other_site) on bytes [lo, hi). */
typedef struct csan_sh_race {
  uint32_t access;
  uint32_t size;
  uint32_t site;
  uint32_t slot;
  csan_epoch_t epoch;
  csan_tag_t other;
  uint32_t other_site;
} csan_sh_race;

CSAN_SH_FN int csan_sh_race_same(const csan_race *e, const csan_sh_race *r) {
  return e->access == r->access && e->site == r->site && e->slot == r->slot &&
         e->epoch == r->epoch && e->other == r->other && e->other_site == r->other_site;
}

/* Where an entry's probe sequence starts: the site pair's identity (both
 * sites, the access kind, both slots, the record's kind), so the entries of
 * one site pair in different operations cluster. A side without a device
 * site (csan's own range operations: site 0) is told apart by operation,
 * as the reporter tells such sides apart by API call. */
CSAN_SH_FN uint64_t csan_race_pair_hash(const csan_sh_race *r) {
  csan_tag_t other = r->other & ~(csan_tag_t)(r->other_site ? CSAN_TAG_EPOCH_FIELD : 0);
  uint64_t self = (uint64_t)r->slot << 32 | (r->site ? 0 : r->epoch);
  return csan_sh_mix(csan_sh_mix(csan_sh_mix(1, self), other),
                     csan_sh_mix((uint64_t)r->site << 32 | r->other_site, r->access));
}

/* Entry e (READY) records a race of r's site pair, in another pair of
 * operations or the same. */
CSAN_SH_FN int csan_sh_race_same_pair(const csan_race *e, const csan_sh_race *r) {
  csan_tag_t mask = ~(csan_tag_t)(r->other_site ? CSAN_TAG_EPOCH_FIELD : 0);
  return e->access == r->access && e->site == r->site && e->slot == r->slot &&
         (r->site || e->epoch == r->epoch) && e->other_site == r->other_site &&
         ((e->other ^ r->other) & mask) == 0;
}

/* Inserts or widens the entry of r. Entries are claimed by a CAS on the key,
 * filled, then published with state READY; a later hit waits for READY,
 * checks the fields (a key collision probes on), then widens [lo, hi) and
 * counts. The probe starts at r's site pair (csan_race_pair_hash): when
 * CSAN_RACE_FOLD_AFTER entries of the same site pair (other operations)
 * come first, r is folded into the last of them (widened, counted, and
 * counted in folded): the reporter prints one report per site pair, so a
 * racing loop cannot fill the table with copies of one race. No free entry
 * within CSAN_RACE_MAX_PROBES: counted in dropped. The host empties entries
 * whose operation completed (their key only: csan_rt_report.c). Its only
 * caller is the record visit, which is out of line: inlined there it costs
 * less code than a call with its argument set-up and register saves. */
CSAN_SH_FN void csan_race_insert(csan_race_table *tab, const csan_sh_race *r, uint64_t lo,
                                      uint64_t hi, const csan_who *who) {
  if (!tab)
    return;
  uint32_t cap = tab->capacity;
  uint64_t key =
      csan_race_key(r->slot, r->epoch, r->other, r->site, r->other_site, r->access);
  uint64_t start = csan_race_pair_hash(r);
  uint32_t probes = cap < CSAN_RACE_MAX_PROBES ? cap : CSAN_RACE_MAX_PROBES;
  uint32_t pairs = 0;
  csan_race *entries = csan_race_entries(tab);
  CSAN_SH_NOUNROLL
  for (uint32_t i = 0; i < probes; i++) {
    csan_race *e = &entries[(uint32_t)(start + i) & (cap - 1)];
    uint64_t k = csan_sh_load64(&e->key);
    if (k == 0) {
      k = csan_sh_cas64_acq_rel(&e->key, 0, key);
      if (k == 0) {
        csan_sh_store32(&e->state, CSAN_RACE_FILLING);
        e->access = r->access;
        e->size = r->size;
        e->site = r->site;
        e->slot = r->slot;
        e->epoch = r->epoch;
        e->other = r->other;
        e->other_site = r->other_site;
        e->reserved = 0;
        e->lo = lo;
        e->hi = hi;
        e->count = 1;
        if (!CSAN_SH_WHO_IS_DEFAULT && who) {
          CSAN_SH_NOUNROLL
          for (int d = 0; d < 3; d++) {
            e->block[d] = who->block[d];
            e->thread[d] = who->thread[d];
          }
        } else {
          csan_sh_default_who(e);
        }
        csan_sh_fetch_add32(&tab->used, 1);
        csan_sh_store32_release(&e->state, CSAN_RACE_READY);
        return;
      }
    }
    if (k != key) {
      /* Another operation pair: fold into it once enough of this site pair
       * came first (an entry still being filled is passed over). */
      if (csan_sh_load32_acquire(&e->state) == CSAN_RACE_READY &&
          csan_sh_race_same_pair(e, r) && ++pairs >= CSAN_RACE_FOLD_AFTER) {
        csan_sh_min64(&e->lo, lo);
        csan_sh_max64(&e->hi, hi);
        csan_sh_fetch_add64(&e->count, 1);
        csan_sh_fetch_add32(&tab->folded, 1);
        return;
      }
      continue;
    }
    uint32_t round = 0;
    while (csan_sh_load32_acquire(&e->state) != CSAN_RACE_READY)
      csan_sh_pause(round++);
    if (!csan_sh_race_same(e, r))
      continue;
    csan_sh_min64(&e->lo, lo);
    csan_sh_max64(&e->hi, hi);
    csan_sh_fetch_add64(&e->count, 1);
    return;
  }
  csan_sh_fetch_add32(&tab->dropped, 1);
}

/* ------------------------------------------------------------------------
 * The slow path on one granule.
 * ---------------------------------------------------------------------- */

/* One access against the records of one granule. */
typedef struct csan_sh_acc {
  const csan_launch_ctx *ctx;
  csan_tag_t launch; /* slot and epoch bits of the launch */
  csan_tag_t kind;   /* tag kind bits of the access */
  uint32_t access;   /* CSAN_ACC_* */
  uint32_t amask;
  uint32_t site;
  uint32_t size;
  uint64_t gaddr; /* granule address */
  const csan_who *who;
  int merged; /* the access was folded into the launch's own record */
} csan_sh_acc;

/* Which record gives way when the pool is exhausted: the lowest rank, and
 * among equals the oldest. FREE markers go last (they catch use-after-free
 * for the rest of the run), then writes, then reads. */
CSAN_SH_FN uint32_t csan_sh_rank(csan_tag_t t) {
  return (t & CSAN_TAG_FREE) ? 3u : (t & CSAN_TAG_WRITE) ? 2u : 1u;
}

/* Checks the access against record t (site s), reports a race, and returns
 * the record as it is after the access. Out of line (CSAN_SH_COLD_FN): the
 * two-cell path and the chain walk share one copy. */
CSAN_SH_COLD_FN csan_tag_t csan_sh_visit(csan_sh_acc *a, csan_tag_t t, uint32_t s) {
  uint32_t m = (uint32_t)t & a->amask;
  int same = ((t ^ a->launch) & CSAN_SH_OP_BITS) == 0;
  if (same) {
    /* The launch's own record of this kind and site takes the bytes. Another
     * site's record stays apart, so a race names each site with exactly
     * the bytes it touched. */
    if (!a->merged && CSAN_TAG_GET_KIND(t) == a->kind && s == a->site) {
      a->merged = 1;
      return t | a->amask;
    }
    return t;
  }
  uint32_t slot = CSAN_TAG_GET_SLOT(t);
  int ordered = CSAN_TAG_GET_EPOCH(t) <= a->ctx->vc[slot];
  if (m) {
    int race;
    if (t & CSAN_TAG_FREE)
      race = !(a->access & CSAN_ACC_ALLOC);
    else
      race = ((t | a->kind) & CSAN_TAG_WRITE) && !(t & a->kind & CSAN_TAG_ATOMIC) && !ordered &&
             !CSAN_SH_RECORD_IS_LATER(a->ctx, t);
    if (race) {
      csan_sh_race r;
      r.access = a->access;
      r.size = a->size;
      r.site = a->site;
      r.slot = (uint32_t)CSAN_TAG_GET_SLOT(a->launch);
      r.epoch = CSAN_TAG_GET_EPOCH(a->launch);
      r.other = t & CSAN_SH_REC_ID_BITS;
      r.other_site = s;
      uint32_t lo = (uint32_t)__builtin_ctz(m);
      uint32_t hi = 32u - (uint32_t)__builtin_clz(m);
      csan_race_insert((csan_race_table *)(uintptr_t)a->ctx->races, &r, a->gaddr + lo,
                       a->gaddr + hi, a->who);
      /* Tell the host there is something to read (csan_pool.race_notify;
       * a plain store: it sees it once the launch completed). */
      const csan_pool *pool = (const csan_pool *)(uintptr_t)a->ctx->pool;
      if (pool && pool->race_notify)
        csan_sh_store32((uint32_t *)(uintptr_t)pool->race_notify, 1);
    }
    /* Dominated and ordered: the access supersedes these bytes of r. A FREE
     * record is dominated only by a later FREE; an allocation replaces it
     * whatever the order (the allocator hands out memory it saw freed). */
    if ((ordered && csan_sh_dominates(a->kind, CSAN_TAG_GET_KIND(t)) &&
         !CSAN_SH_KEEP_OTHERS(a->ctx, t)) ||
        ((t & CSAN_TAG_FREE) && (a->access & CSAN_ACC_ALLOC)))
      t &= ~(csan_tag_t)m;
  }
  return t;
}

CSAN_SH_FN csan_tag_t csan_sh_new_record(const csan_sh_acc *a) {
  return a->launch | a->kind | a->amask;
}

/* Pool exhausted and the chain full: the least important record of the
 * chain gives way to the new record nt, unless nt is less important still
 * (the oldest of equals goes first). Rare, so out of line. */
CSAN_SH_FN void csan_sh_chain_evict(csan_pool *pool, uint32_t first, csan_tag_t nt,
                                         uint32_t site) {
  uint32_t cap = csan_sh_pool_limit(pool);
  csan_sh_fetch_add32(&pool->exhausted, 1);
  csan_pool_block *vb = 0;
  uint32_t vi = 0;
  CSAN_SH_NOUNROLL
  for (uint32_t b = first, n = 0; b && b < cap && n < cap; n++) {
    csan_pool_block *blk = csan_sh_block(pool, b);
    CSAN_SH_NOUNROLL
    for (uint32_t i = 0; i < CSAN_POOL_BLOCK_RECORDS; i++)
      if (!vb || csan_sh_rank(blk->tag[i]) < csan_sh_rank(vb->tag[vi])) {
        vb = blk;
        vi = i;
      }
    b = csan_sh_load32(&blk->next);
  }
  if (vb && csan_sh_rank(vb->tag[vi]) < csan_sh_rank(nt)) {
    vb->tag[vi] = nt;
    vb->site[vi] = site;
  }
}

/* An escalated granule down to two live records: moves them back into the
 * cells (cell 1 and the site words here; cell 0's value is returned for the
 * caller's releasing store) and recycles the chain. */
CSAN_SH_FN uint64_t csan_sh_chain_shrink(csan_pool *pool, uint64_t *tags, uint32_t *sites,
                                              uint32_t first, uint32_t shard) {
  uint32_t cap = csan_sh_pool_limit(pool);
  csan_tag_t t[2] = {0, 0};
  uint32_t s[2] = {0, 0};
  uint32_t k = 0;
  CSAN_SH_NOUNROLL
  for (uint32_t b = first, n = 0; b && b < cap && n < cap; n++) {
    csan_pool_block *blk = csan_sh_block(pool, b);
    CSAN_SH_NOUNROLL
    for (uint32_t i = 0; i < CSAN_POOL_BLOCK_RECORDS && k < 2; i++)
      if (blk->tag[i] & CSAN_TAG_MASK) {
        t[k] = blk->tag[i];
        s[k] = blk->site[i];
        k++;
      }
    b = csan_sh_load32(&blk->next);
  }
  sites[0] = s[0];
  sites[1] = s[1];
  csan_sh_store64(&tags[1], t[1]);
  csan_sh_pool_free_chain(pool, first, shard);
  return t[0];
}

/* Escalated granule: records in the chain starting at block `first`. Returns
 * the value cell 0 gets on release (ESC, or a record after de-escalation);
 * writes cell 1 and the site words itself when it de-escalates. */
CSAN_SH_COLD_FN uint64_t csan_sh_update_chain(csan_sh_acc *a, csan_pool *pool, uint64_t *tags,
                                         uint32_t *sites, uint32_t first) {
  uint32_t cap = csan_sh_pool_limit(pool);
  uint32_t live = 0, hole_b = 0, hole_i = 0, last = 0;
  CSAN_SH_NOUNROLL
  for (uint32_t b = first, n = 0; b && b < cap && n < cap; n++) {
    csan_pool_block *blk = csan_sh_block(pool, b);
    CSAN_SH_NOUNROLL
    for (uint32_t i = 0; i < CSAN_POOL_BLOCK_RECORDS; i++) {
      csan_tag_t t = blk->tag[i];
      if (t & CSAN_TAG_MASK) {
        csan_tag_t u = csan_sh_visit(a, t, blk->site[i]);
        if (u != t)
          blk->tag[i] = u;
        t = u;
      }
      if (t & CSAN_TAG_MASK) {
        live++;
      } else {
        blk->tag[i] = 0;
        if (!hole_b) {
          hole_b = b;
          hole_i = i;
        }
      }
    }
    last = b;
    b = csan_sh_load32(&blk->next);
  }
  if (!a->merged) {
    csan_tag_t nt = csan_sh_new_record(a);
    if (!hole_b && last) {
      uint32_t nb = csan_sh_pool_alloc(pool, csan_sh_shard(a->gaddr));
      if (nb) {
        csan_sh_store32(&csan_sh_block(pool, last)->next, nb);
        hole_b = nb;
        hole_i = 0;
      }
    }
    if (hole_b) {
      csan_sh_block(pool, hole_b)->tag[hole_i] = nt;
      csan_sh_block(pool, hole_b)->site[hole_i] = a->site;
      live++;
    } else {
      csan_sh_chain_evict(pool, first, nt, a->site);
    }
  }
  if (live > 2)
    return CSAN_TAG_ESC;
  return csan_sh_chain_shrink(pool, tags, sites, first, csan_sh_shard(a->gaddr));
}

/* The records of a two-cell granule after an access: at most three (two
 * old ones, one new). */
typedef struct csan_sh_cells {
  csan_tag_t t[3];
  uint32_t s[3];
  uint32_t live;
} csan_sh_cells;

/* Three live records -> two: record i goes, the later ones move up. */
CSAN_SH_FN void csan_sh_cells_drop(csan_sh_cells *c, uint32_t i) {
  CSAN_SH_NOUNROLL
  for (; i < 2; i++) {
    c->t[i] = c->t[i + 1];
    c->s[i] = c->s[i + 1];
  }
  c->live = 2;
}

/* Slow path, step 1: the access as the record visits see it. */
CSAN_SH_FN void csan_sh_acc_init(csan_sh_acc *a, const csan_launch_ctx *ctx, uint64_t gaddr,
                                 uint32_t amask, uint32_t access, int32_t site, uint64_t size,
                                 const csan_who *who) {
  a->ctx = ctx;
  a->launch = csan_sh_launch_bits(ctx);
  a->kind = csan_sh_acc_kind(access);
  a->access = access & ((1u << CSAN_ACC_SIZE_SHIFT) - 1u);
  a->amask = amask & 0xffffu;
  a->site = (uint32_t)site;
  a->size = size > 0xffffffffull ? 0xffffffffu : (uint32_t)size;
  if (access >> CSAN_ACC_SIZE_SHIFT) /* a report size apart from the range's */
    a->size = access >> CSAN_ACC_SIZE_SHIFT;
  a->gaddr = gaddr;
  a->who = who;
  a->merged = 0;
}

/* Slow path, step 2 (two cells): checks the access against the granule's
 * records (cell 0 without its flag bits, cell 1) and keeps those still live,
 * then the access's own record unless it merged into one of them. */
CSAN_SH_FN void csan_sh_visit_cells(csan_sh_acc *a, uint64_t c0, uint64_t c1,
                                    const uint32_t *sites, csan_sh_cells *out) {
  csan_tag_t t[2];
  uint32_t s[2];
  uint32_t n = 0;
  csan_tag_t r0 = c0 & ~CSAN_TAG_CELL0_BITS;
  if (r0 & CSAN_TAG_MASK) {
    t[n] = r0;
    s[n++] = sites[0];
  }
  if (c1 & CSAN_TAG_MASK) {
    t[n] = c1;
    s[n++] = sites[1];
  }
  out->live = 0;
  CSAN_SH_NOUNROLL
  for (uint32_t i = 0; i < n; i++) {
    csan_tag_t u = csan_sh_visit(a, t[i], s[i]);
    if (u & CSAN_TAG_MASK) {
      out->t[out->live] = u;
      out->s[out->live++] = s[i];
    }
  }
  if (!a->merged) {
    out->t[out->live] = csan_sh_new_record(a);
    out->s[out->live++] = a->site;
  }
}

/* Slow path, step 3a (three live records, before escalating): two records
 * of one operation fold into one. Of one kind (another site's record, kept
 * apart while the cells have room), the later merges into the earlier,
 * which keeps its site; a plain read whose bytes the same operation's plain
 * write covers goes. Any access that races with the dropped record races
 * with the kept one, of the same operation, so no race is lost or made up:
 * a report may name the kept record's line (and, for the read, "write")
 * where the dropped one's was. Escalation costs two pool operations per
 * granule per launch (a stencil's neighbour reads, cg's dot(r, r) on the
 * GPU: 5 M and 1.65 G), which is worth more than that line. True if a
 * record went. */
CSAN_SH_FN int csan_sh_fold_same_op(csan_sh_cells *c) {
  CSAN_SH_NOUNROLL
  for (uint32_t i = 0; i < 2; i++) {
    CSAN_SH_NOUNROLL
    for (uint32_t j = i + 1; j < 3; j++) {
      csan_tag_t a = c->t[i], b = c->t[j];
      if ((a ^ b) & CSAN_SH_OP_BITS)
        continue;
      csan_tag_t ka = CSAN_TAG_GET_KIND(a), kb = CSAN_TAG_GET_KIND(b);
      uint32_t drop;
      if (ka == kb) {
        c->t[i] = a | (b & CSAN_TAG_MASK);
        drop = j;
      } else if (ka == CSAN_TAG_WRITE && kb == 0 && !(b & ~a & CSAN_TAG_MASK)) {
        drop = j;
      } else if (kb == CSAN_TAG_WRITE && ka == 0 && !(a & ~b & CSAN_TAG_MASK)) {
        drop = i;
      } else {
        continue;
      }
      csan_sh_cells_drop(c, drop);
      return 1;
    }
  }
  return 0;
}

/* Slow path, step 3 (three live records): moves them into a pool block and
 * escalates the granule (true, cell 0 released), or, with no block left,
 * counts the loss and keeps the two most important records (the oldest of
 * the least important gives way). */
CSAN_SH_FN int csan_sh_escalate(csan_pool *pool, uint64_t *tags, csan_sh_cells *c,
                                uint32_t shard) {
  uint32_t b = pool ? csan_sh_pool_alloc(pool, shard) : 0;
  if (b) {
    csan_pool_block *blk = csan_sh_block(pool, b);
    CSAN_SH_NOUNROLL
    for (uint32_t i = 0; i < 3; i++) {
      blk->tag[i] = c->t[i];
      blk->site[i] = c->s[i];
    }
    csan_sh_store64(&tags[1], b);
    csan_sh_store64_release(&tags[0], CSAN_TAG_ESC);
    return 1;
  }
  if (pool)
    csan_sh_fetch_add32(&pool->exhausted, 1);
  uint32_t v = 0;
  CSAN_SH_NOUNROLL
  for (uint32_t i = 1; i < 3; i++)
    if (csan_sh_rank(c->t[i]) < csan_sh_rank(c->t[v]))
      v = i;
  csan_sh_cells_drop(c, v);
  return 0;
}

/* Slow path, step 4: writes the (at most two) records back into the two
 * cells and their site words; releases the lock with cell 0. */
CSAN_SH_FN void csan_sh_store_cells(uint64_t *tags, uint32_t *sites, csan_sh_cells *c) {
  CSAN_SH_NOUNROLL
  for (uint32_t i = c->live; i < 2; i++) {
    c->t[i] = 0;
    c->s[i] = 0;
  }
  sites[0] = c->s[0];
  sites[1] = c->s[1];
  csan_sh_store64(&tags[1], c->t[1]);
  csan_sh_store64_release(&tags[0], c->t[0]);
}

/* The slow path: one access of launch ctx to the bytes amask of the granule
 * at gaddr, whose shadow is in page `page`. Skips untracked granules. Under
 * the granule lock: an escalated granule's chain is updated in the pool;
 * otherwise the two cells' records are visited, and three live records
 * escalate. */
CSAN_SH_FN void csan_shadow_update(const csan_launch_ctx *ctx, uint64_t page, uint64_t gaddr,
                                   uint32_t amask, uint32_t access, int32_t site, uint64_t size,
                                   const csan_who *who) {
  uint64_t *tags = csan_sh_tags(page, gaddr);
  uint32_t *sites = csan_sh_sites(page, gaddr);
  csan_sh_cover cov = csan_sh_cover_make(csan_sh_launch_bits(ctx), amask & 0xffffu, access);
  uint64_t c0 = csan_sh_lock(&tags[0], 0, &cov);
  if (!c0)
    return; /* untracked, or covered meanwhile: nothing to record */
  csan_sh_acc a;
  csan_sh_acc_init(&a, ctx, gaddr, amask, access, site, size, who);
  csan_pool *pool = (csan_pool *)(uintptr_t)ctx->pool;
  uint64_t c1 = csan_sh_load64(&tags[1]);
  if (c0 & CSAN_TAG_ESC) {
    if (pool) {
      csan_sh_store64_release(&tags[0], csan_sh_update_chain(&a, pool, tags, sites, (uint32_t)c1));
      return;
    }
    c1 = 0; /* cell 1 holds a pool index, not a record */
  }
  csan_sh_cells cells;
  csan_sh_visit_cells(&a, c0, c1, sites, &cells);
  if (cells.live == 3)
    (void)csan_sh_fold_same_op(&cells);
  if (cells.live == 3 && csan_sh_escalate(pool, tags, &cells, csan_sh_shard(gaddr)))
    return;
  csan_sh_store_cells(tags, sites, &cells);
}

/* ------------------------------------------------------------------------
 * Accesses of any size and alignment.
 * ---------------------------------------------------------------------- */

/* A walk over the granules of [addr, addr + size) that an access of one
 * kind must take the slow path for: their shadow exists, is tracked and
 * does not already cover the access for this launch. Unshadowed pages are
 * skipped whole; bytes at or above 2^49 are untracked. csan_shadow_access
 * and the device runtime's range path (which merges the warp before its
 * slow path) both walk ranges with it. */
typedef struct {
  const csan_launch_ctx *ctx;
  uint64_t addr, end; /* the range, clipped to 2^49 */
  uint64_t g;         /* the next granule to look at */
  uint64_t page;      /* page shadow of page number page_va (0: none) */
  uint64_t page_va;
  csan_tag_t launch;
  uint32_t access;
} csan_sh_range;

CSAN_SH_FN void csan_sh_range_init(csan_sh_range *r, const csan_launch_ctx *ctx, uint64_t addr,
                                   uint64_t size, uint32_t access) {
  r->ctx = ctx;
  r->addr = addr;
  r->end = addr + size;
  if (r->end < addr || (r->end >> CSAN_VA_BITS))
    r->end = 1ull << CSAN_VA_BITS;
  r->g = addr & ~(uint64_t)(CSAN_GRANULE_SIZE - 1);
  if (addr >> CSAN_VA_BITS)
    r->g = r->end; /* nothing to walk */
  r->page = 0;
  r->page_va = ~0ull;
  r->launch = csan_sh_launch_bits(ctx);
  r->access = access;
}

/* The next granule that needs the slow path, with its page shadow and the
 * range's byte mask in it; 0 at the end of the range. */
CSAN_SH_FN int csan_sh_range_next(csan_sh_range *r, uint64_t *page, uint64_t *gaddr,
                                  uint32_t *amask) {
  for (; r->g < r->end; r->g += CSAN_GRANULE_SIZE) {
    uint64_t g = r->g;
    if ((g >> CSAN_PAGE_SHIFT) != r->page_va) {
      r->page_va = g >> CSAN_PAGE_SHIFT;
      r->page = csan_sh_page(r->ctx->shadow_dir, g);
    }
    if (!r->page) {
      /* Skip the rest of an unshadowed page at once. */
      r->g = ((r->page_va + 1) << CSAN_PAGE_SHIFT) - CSAN_GRANULE_SIZE;
      continue;
    }
    uint64_t lo = g < r->addr ? r->addr : g;
    uint64_t hi = r->end - g < CSAN_GRANULE_SIZE ? r->end : g + CSAN_GRANULE_SIZE;
    uint32_t m = csan_sh_byte_mask((uint32_t)(lo - g), (uint32_t)(hi - lo));
    uint64_t c0, c1;
    csan_sh_load_cells(csan_sh_tags(r->page, g), &c0, &c1);
    if (csan_sh_covered(c0, c1, csan_sh_cover_make(r->launch, m, r->access)) ||
        (c0 & CSAN_TAG_UNTRACKED))
      continue;
    r->g = g + CSAN_GRANULE_SIZE;
    *page = r->page;
    *gaddr = g;
    *amask = m;
    return 1;
  }
  return 0;
}

/* Checks and records [addr, addr + size): one fast check and, when needed,
 * one slow path per granule. */
CSAN_SH_FN void csan_shadow_access(const csan_launch_ctx *ctx, uint64_t addr, uint64_t size,
                                   uint32_t access, int32_t site, const csan_who *who) {
  if (!ctx || !size)
    return;
  csan_sh_range r;
  uint64_t page, g;
  uint32_t amask;
  csan_sh_range_init(&r, ctx, addr, size, access);
  while (csan_sh_range_next(&r, &page, &g, &amask))
    csan_shadow_update(ctx, page, g, amask, access, site, size, who);
}

/* ------------------------------------------------------------------------
 * Maintenance: erase, untrack, rebase.
 * ---------------------------------------------------------------------- */

/* Removes the bytes of mask from every record of one granule, under its
 * lock (other streams may still run). With untrack and a full mask the
 * granule becomes UNTRACKED; without untrack it becomes tracked (the
 * UNTRACKED bit goes, so the bytes of a new allocation are checked). */
CSAN_SH_FN void csan_shadow_erase(csan_pool *pool, uint64_t page, uint64_t gaddr, uint32_t mask,
                                  int untrack) {
  uint64_t *tags = csan_sh_tags(page, gaddr);
  uint32_t *sites = csan_sh_sites(page, gaddr);
  uint64_t c0 = csan_sh_lock(&tags[0], 1, (const csan_sh_cover *)0);
  uint64_t c1 = csan_sh_load64(&tags[1]);
  mask &= 0xffffu;
  int all = mask == 0xffffu;
  if (c0 & CSAN_TAG_ESC) {
    if (all) {
      if (pool)
        csan_sh_pool_free_chain(pool, (uint32_t)c1, csan_sh_shard(gaddr));
      sites[0] = sites[1] = 0;
      csan_sh_store64(&tags[1], 0);
      csan_sh_store64_release(&tags[0], untrack ? CSAN_TAG_UNTRACKED : 0);
      return;
    }
    /* Partial: clear the bytes in place; the granule stays escalated. */
    uint32_t cap = pool ? csan_sh_pool_limit(pool) : 0;
    for (uint32_t b = (uint32_t)c1, n = 0; b && b < cap && n < cap; n++) {
      csan_pool_block *blk = csan_sh_block(pool, b);
      for (uint32_t i = 0; i < CSAN_POOL_BLOCK_RECORDS; i++) {
        csan_tag_t t = blk->tag[i] & ~(csan_tag_t)mask;
        blk->tag[i] = (t & CSAN_TAG_MASK) ? t : 0;
      }
      b = csan_sh_load32(&blk->next);
    }
    csan_sh_store64_release(&tags[0], CSAN_TAG_ESC);
    return;
  }
  csan_tag_t r0 = c0 & ~CSAN_TAG_CELL0_BITS & ~(csan_tag_t)mask;
  csan_tag_t r1 = c1 & ~(csan_tag_t)mask;
  if (!(r0 & CSAN_TAG_MASK)) {
    r0 = 0;
    sites[0] = 0;
  }
  if (!(r1 & CSAN_TAG_MASK)) {
    r1 = 0;
    sites[1] = 0;
  }
  if ((c0 & CSAN_TAG_UNTRACKED) && untrack) {
    r0 = CSAN_TAG_UNTRACKED; /* stays untracked */
    r1 = 0;
  } else if (all && untrack) {
    r0 = CSAN_TAG_UNTRACKED;
    r1 = 0;
    sites[0] = sites[1] = 0;
  }
  csan_sh_store64(&tags[1], r1);
  csan_sh_store64_release(&tags[0], r0);
}

/* Marks [addr, addr + size) of tracked memory EMPTY (untrack == 0) or
 * UNTRACKED (untrack != 0: only granules wholly inside the range become
 * untracked; the range's bytes of the edge granules are erased). */
CSAN_SH_FN void csan_shadow_fill(uint64_t dir, csan_pool *pool, uint64_t addr, uint64_t size,
                                 int untrack) {
  uint64_t end = addr + size;
  if (!size || (addr >> CSAN_VA_BITS))
    return;
  if (end < addr || (end >> CSAN_VA_BITS))
    end = 1ull << CSAN_VA_BITS;
  for (uint64_t g = addr & ~(uint64_t)(CSAN_GRANULE_SIZE - 1); g < end; g += CSAN_GRANULE_SIZE) {
    uint64_t page = csan_sh_page(dir, g);
    if (!page)
      continue;
    uint64_t lo = g < addr ? addr : g;
    uint64_t hi = end - g < CSAN_GRANULE_SIZE ? end : g + CSAN_GRANULE_SIZE;
    csan_shadow_erase(pool, page, g, csan_sh_byte_mask((uint32_t)(lo - g), (uint32_t)(hi - lo)),
                      untrack);
  }
}

/* A new page shadow: granule i (0 <= i < CSAN_GRANULES_PER_PAGE) untracked.
 * No lock: nobody can reach the page before the directory names it. */
CSAN_SH_FN void csan_shadow_init_granule(uint64_t page, uint32_t i) {
  uint64_t *tags = (uint64_t *)(uintptr_t)page + 2u * i;
  uint32_t *sites = (uint32_t *)(uintptr_t)(page + CSAN_PAGE_TAG_BYTES) + 2u * i;
  tags[0] = CSAN_TAG_UNTRACKED;
  tags[1] = 0;
  sites[0] = sites[1] = 0;
}

/* Rebase (every launch finished, the device idle): granule i loses every
 * record but FREE ones, which merge into one FREE record of epoch 0 (ordered
 * before everything, still reported when touched) with the first free
 * record's site. Escalated granules return to two cells; the caller then
 * resets the pool (csan_shadow_pool_reset): chains are not freed one by one. */
CSAN_SH_FN void csan_shadow_reset_granule(csan_pool *pool, uint64_t page, uint32_t i) {
  uint64_t *tags = (uint64_t *)(uintptr_t)page + 2u * i;
  uint32_t *sites = (uint32_t *)(uintptr_t)(page + CSAN_PAGE_TAG_BYTES) + 2u * i;
  uint64_t c0 = tags[0], c1 = tags[1];
  if (c0 & CSAN_TAG_UNTRACKED) {
    tags[0] = CSAN_TAG_UNTRACKED;
    tags[1] = 0;
    return;
  }
  uint32_t freed = 0, site = 0;
  if (c0 & CSAN_TAG_ESC) {
    uint32_t cap = pool ? csan_sh_pool_limit(pool) : 0;
    for (uint32_t b = (uint32_t)c1, n = 0; b && b < cap && n < cap; n++) {
      csan_pool_block *blk = csan_sh_block(pool, b);
      for (uint32_t k = 0; k < CSAN_POOL_BLOCK_RECORDS; k++)
        if (blk->tag[k] & CSAN_TAG_FREE) {
          if (!freed)
            site = blk->site[k];
          freed |= (uint32_t)blk->tag[k] & 0xffffu;
        }
      b = blk->next;
    }
  } else {
    if (c0 & CSAN_TAG_FREE) {
      freed |= (uint32_t)c0 & 0xffffu;
      site = sites[0];
    }
    if (c1 & CSAN_TAG_FREE) {
      if (!freed)
        site = sites[1];
      freed |= (uint32_t)c1 & 0xffffu;
    }
  }
  tags[1] = 0;
  sites[1] = 0;
  sites[0] = freed ? site : 0;
  tags[0] = freed ? CSAN_TAG_MAKE(freed, CSAN_TAG_FREE | CSAN_TAG_WRITE, 0, 0) : 0;
}

/* After every page was reset: all chains are gone. */
CSAN_SH_FN void csan_shadow_pool_reset(csan_pool *pool) {
  pool->next_free = 1;
  for (uint32_t i = 0; i < CSAN_POOL_SHARDS; i++)
    pool->free_head[i] = 0;
}

#endif /* CSAN_SHADOW_H */
