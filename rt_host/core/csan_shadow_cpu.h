/* csan_shadow_cpu.h: the shadow engine (rt_device/csan_shadow.h) on the CPU.
 *
 * csan-replay and the unit tests run exactly the logic the GPU runs, on a
 * shadow that lives in host memory: the same directory, page, pool and race
 * table layouts (csan_abi.h), with host pointers where the GPU has device
 * addresses. Application addresses are plain 64-bit numbers (csan-replay
 * invents them); nothing is ever dereferenced at those addresses.
 *
 * Thread safety: csan_shadow_cpu_access may run on any number of threads at
 * once (that is how the tests stand in for concurrent kernels), also beside
 * csan_shadow_cpu_track/untrack of other ranges. csan_shadow_cpu_reset,
 * csan_shadow_cpu_clear_races and csan_shadow_cpu_destroy need every access
 * to have returned (like a device synchronization); the readers
 * (csan_shadow_cpu_races, _pool_stats, _records) are exact when nothing runs.
 */
#ifndef CSAN_SHADOW_CPU_H
#define CSAN_SHADOW_CPU_H

#include <stdint.h>

#include "csan_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct csan_shadow_cpu csan_shadow_cpu;

/* Where a racing access came from; copied into csan_race.block/thread.
 * (Same layout as csan_who in csan_shadow.h.) */
typedef struct csan_shadow_cpu_who {
  uint32_t block[3];
  uint32_t thread[3];
} csan_shadow_cpu_who;

#define CSAN_SHADOW_OK 0
#define CSAN_SHADOW_EINVAL (-1) /* empty range, or bytes at or above 2^49 */
#define CSAN_SHADOW_ENOMEM (-2)

/* A shadow with room for pool_blocks escalation blocks (besides the unused
 * block 0) and a race table of race_entries entries (rounded up to a power
 * of two; 0 gives a table that drops every race). NULL when out of memory. */
/* Replayed accesses (CSAN_CTX_F_REPLAYED: a kernel's accesses checked
 * after work issued later may have recorded) ask fn(ctx, t) whether record
 * t is ordered after the access's operation: then it is no race. Set once
 * by the host runtime; fn must be callable from any thread, under a
 * granule lock. */
typedef int (*csan_shadow_cpu_later_fn)(const csan_launch_ctx *ctx, uint64_t t);
void csan_shadow_cpu_set_later(csan_shadow_cpu_later_fn fn);
/* An access with CSAN_CTX_F_KEEP_OTHERS asks fn(ctx, t) whether record t,
 * which it supersedes, must stay (a kernel whose logged accesses are not
 * replayed yet may not be ordered after it). */
void csan_shadow_cpu_set_keep(csan_shadow_cpu_later_fn fn);

csan_shadow_cpu *csan_shadow_cpu_create(uint32_t pool_blocks, uint32_t race_entries);
void csan_shadow_cpu_destroy(csan_shadow_cpu *s);

/* Starts tracking [base, base + size): allocates the shadow pages it needs
 * (their other granules untracked) and marks the range's granules empty and
 * tracked (a granule partly inside the range is tracked as a whole).
 * Tracking a range again empties it (a fresh allocation). */
int csan_shadow_cpu_track(csan_shadow_cpu *s, uint64_t base, uint64_t size);
/* Stops tracking: granules wholly inside the range become untracked (their
 * records are gone); the range's bytes of edge granules are erased. Pages
 * stay allocated. Ranges that were never tracked are ignored. */
int csan_shadow_cpu_untrack(csan_shadow_cpu *s, uint64_t base, uint64_t size);

/* A launch context for this shadow: magic, ABI version, slot, epoch and
 * the shadow, pool and race table addresses; vc (CSAN_MAX_SLOTS epochs) is
 * copied, or zeroed when NULL. */
void csan_shadow_cpu_ctx(const csan_shadow_cpu *s, csan_launch_ctx *ctx, uint32_t slot,
                         csan_epoch_t epoch, const csan_epoch_t *vc);

/* One access of the launch ctx: any address, size and alignment; access is
 * CSAN_ACC_READ/WRITE/ATOMIC[|WRITE]/FREE|WRITE/ALLOC|WRITE; site is what
 * the race entries name (csan-replay: the schedule line); who may be NULL. */
void csan_shadow_cpu_access(csan_shadow_cpu *s, const csan_launch_ctx *ctx, uint64_t addr,
                            uint64_t size, uint32_t access, int32_t site,
                            const csan_shadow_cpu_who *who);

/* The race table itself (the layout the host copies back from the device:
 * header, then capacity entries at CSAN_RACE_ENTRIES_OFFSET). */
csan_race_table *csan_shadow_cpu_race_table(csan_shadow_cpu *s);
/* Copies up to max READY entries (in table order) to out; returns how many
 * READY entries there are. *used and *dropped (may be NULL) get the header's
 * counters. */
uint32_t csan_shadow_cpu_races(csan_shadow_cpu *s, csan_race *out, uint32_t max,
                               uint32_t *used, uint32_t *dropped);
/* Empties the race table (entries and counters). */
void csan_shadow_cpu_clear_races(csan_shadow_cpu *s);

typedef struct csan_shadow_pool_stats {
  uint32_t capacity;  /* usable blocks */
  uint32_t handed;    /* blocks the bump allocator has handed out */
  uint32_t free;      /* of those, on the free list for reuse */
  uint32_t exhausted; /* escalations that found no block */
} csan_shadow_pool_stats;
void csan_shadow_cpu_pool_stats(csan_shadow_cpu *s, csan_shadow_pool_stats *out);

/* Rebase (csan_model_rebase): every record goes but FREE markers, which
 * become FREE records of epoch 0; escalated granules return to two cells and
 * the pool starts over. The race table is left alone. */
void csan_shadow_cpu_reset(csan_shadow_cpu *s);

/* Inspection for tests and debugging: the live records of addr's granule
 * (inline cells or pool chain), up to max of them into tags/sites (either
 * may be NULL). Returns the number of live records, or -1 when the address
 * has no shadow page. *ctrl (may be NULL) gets cell 0's control bits
 * (CSAN_TAG_ESC, CSAN_TAG_UNTRACKED, CSAN_TAG_LOCK). */
int csan_shadow_cpu_records(csan_shadow_cpu *s, uint64_t addr, csan_tag_t *tags, uint32_t *sites,
                            uint32_t max, uint64_t *ctrl);

#ifdef __cplusplus
}
#endif

#endif /* CSAN_SHADOW_CPU_H */
