/* csan_alloc.h: the allocation registry.
 *
 * Live allocations (cudaMalloc, cudaMallocAsync, cudaMallocManaged,
 * cudaHostAlloc, __device__ variables, csan-replay's named buffers) are kept
 * in a balanced search tree by base address, so the allocation containing
 * an address is found in O(log n). Removing an allocation (a free) moves it,
 * with the free's operation, into a bounded quarantine of the most recent
 * frees, so a use-after-free report can still describe the freed block
 * after its address range has been handed out again.
 *
 * Thread-safe (one mutex). Strings are interned (csan_intern), so records
 * copied out stay valid.
 */
#ifndef CSAN_ALLOC_H
#define CSAN_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csan_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Frees remembered by default. */
#define CSAN_ALLOC_QUARANTINE_DEFAULT 4096u

/* csan_alloc_info.flags: what kind of memory (the glue sets these) ... */
#define CSAN_ALLOC_DEVICE 0x1u         /* cudaMalloc and friends */
#define CSAN_ALLOC_MANAGED 0x2u        /* cudaMallocManaged, __managed__ */
#define CSAN_ALLOC_HOST_PINNED 0x4u    /* cudaHostAlloc / cudaMallocHost / registered */
#define CSAN_ALLOC_VARIABLE 0x8u       /* a __device__ / __managed__ variable */
#define CSAN_ALLOC_STREAM_ORDERED 0x10u /* cudaMallocAsync / cudaMallocFromPoolAsync */
#define CSAN_ALLOC_MAPPED 0x20u        /* cuMemMap: the unmap does not synchronize */
/* ... and what happened to it (the registry sets this). */
#define CSAN_ALLOC_FREED 0x100u        /* the record comes from the quarantine */

/* One side of an allocation's life: the call that made or freed it. */
typedef struct csan_alloc_event {
  const char *api;     /* "cudaMalloc", "cudaFreeAsync", "alloc" (replay), ... */
  uint64_t op_id;      /* operation number, 0 = not a stream operation */
  uint32_t slot;       /* operation's slot and epoch, when op_id != 0 */
  csan_epoch_t epoch;
  uint64_t stream;     /* stream key of a stream-ordered call */
  csan_host_site site; /* host call site; null strings when unknown */
  uint32_t stack;      /* csan_stack id, 0 = none */
} csan_alloc_event;

typedef struct csan_alloc_info {
  uint64_t base;          /* device (or unified) address */
  uint64_t size;          /* bytes, > 0 */
  uint64_t span;          /* bytes the allocator holds from base when csan asked for more
                             (a redzone, issue 17); 0 or <= size: size */
  uint32_t flags;         /* CSAN_ALLOC_* */
  const char *name;       /* a variable's or replay buffer's name, or null */
  csan_alloc_event made;
  csan_alloc_event freed; /* valid when flags & CSAN_ALLOC_FREED */
} csan_alloc_info;

typedef struct csan_allocs csan_allocs;

#define CSAN_ALLOC_OK 0
#define CSAN_ALLOC_EINVAL (-1)   /* size 0, or base + size wraps */
#define CSAN_ALLOC_EOVERLAP (-2) /* overlaps a live allocation */
#define CSAN_ALLOC_ENOENT (-3)   /* no live allocation starts at that base */
#define CSAN_ALLOC_ENOMEM (-4)

/* quarantine: frees remembered (0 = CSAN_ALLOC_QUARANTINE_DEFAULT). */
csan_allocs *csan_allocs_create(uint32_t quarantine);
void csan_allocs_destroy(csan_allocs *a);

/* Registers a live allocation (copied; strings interned; `freed` and
 * CSAN_ALLOC_FREED are ignored). Fails with CSAN_ALLOC_EOVERLAP, changing
 * nothing, if it overlaps a live allocation: the caller missed a free and
 * should csan_allocs_remove() the stale one first. */
int csan_allocs_add(csan_allocs *a, const csan_alloc_info *info);

/* The live allocation containing addr: true and *out filled, else false. */
bool csan_allocs_find(csan_allocs *a, uint64_t addr, csan_alloc_info *out);

/* Frees the live allocation starting exactly at base: it moves to the
 * quarantine with `freed` (may be null) recorded and CSAN_ALLOC_FREED set; the
 * oldest quarantined record is forgotten when it is full. *out (may be null)
 * receives the freed record. CSAN_ALLOC_ENOENT when no allocation starts at
 * base (a free of an unknown pointer, or of an interior pointer). */
int csan_allocs_remove(csan_allocs *a, uint64_t base, const csan_alloc_event *freed,
                       csan_alloc_info *out);

/* The most recently freed block containing addr (from the quarantine). */
bool csan_allocs_find_freed(csan_allocs *a, uint64_t addr, csan_alloc_info *out);

/* Covers [lo, hi) with allocations for a report: picks, in priority order,
 * live allocations then quarantined ones (newest first), or with freed_first
 * the quarantine first, each overlapping [lo, hi) and none of the earlier
 * picks; writes at most max of them to out sorted by base and returns how
 * many. Bytes of [lo, hi) that no pick covers are in no known allocation. */
size_t csan_allocs_cover(csan_allocs *a, uint64_t lo, uint64_t hi, bool freed_first,
                         csan_alloc_info *out, size_t max);

/* The live allocations around addr: the one with the greatest base <= addr
 * (it may contain addr) and the one with the smallest base > addr
 * (memory-error reports name the nearest). */
void csan_allocs_neighbours(csan_allocs *a, uint64_t addr, csan_alloc_info *below,
                            bool *have_below, csan_alloc_info *above, bool *have_above);

/* Live allocations / quarantined records. */
size_t csan_allocs_live(csan_allocs *a);
size_t csan_allocs_quarantined(csan_allocs *a);

/* Calls fn for every live allocation in address order until it returns
 * false. fn runs under the registry's lock: it must not call back into a. */
void csan_allocs_foreach(csan_allocs *a, bool (*fn)(void *arg, const csan_alloc_info *info),
                         void *arg);

/* Forgets every allocation and the quarantine (cudaDeviceReset). */
void csan_allocs_clear(csan_allocs *a);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_ALLOC_H */
