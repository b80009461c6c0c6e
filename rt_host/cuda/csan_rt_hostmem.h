/* csan_rt_hostmem.h: host memory the device uses, as the wrappers and the
 * host instrumentation see it (csan_rt_hostmem.c; the region table and its
 * shadow are core/csan_hostmem.c; DESIGN.md, decision 21).
 *
 * Regions begin and end with the calls that make them (pinned, mapped,
 * registered, managed). Device operations that touch them are recorded
 * with their own context when they are issued; host accesses the
 * instrumentation reports (api/csan_api_hostmem.c) are checked with the
 * calling thread's context: slot CSAN_HOST_SLOT, ordered after what the
 * thread itself observed (csan_model_thread_clock), or, inside a host
 * function, the host function's own operation.
 */
#ifndef CSAN_RT_HOSTMEM_H
#define CSAN_RT_HOSTMEM_H

#include "csan_hostmem.h"
#include "csan_hostmem_sync.h"
#include "csan_rt.h"
#include "csan_rt_shadow.h"

/* The bounds instrumented code tests (csan_hostmem.h): {lo, span}. */
extern volatile uint64_t __csan_host_bounds[2];

/* Entry point (api/csan_api_hostmem.c): what csan-host's checks call. */
void __csan_host_access(const void *p, uint64_t n, uint32_t kind, const csan_host_site *site);

/* A region begins (kind: CSAN_ALLOC_HOST_PINNED or CSAN_ALLOC_MANAGED) /
 * ends. */
void csan_rt_hostmem_add(const void *p, uint64_t size, uint32_t kind);
void csan_rt_hostmem_remove(const void *p);
/* A region ends by a free: retired, so later host accesses to it are uses
 * after free (memory_errors), for the most recent frees. _hold: pinned
 * memory whose real free (really_free(p)) csan delays until the region
 * leaves that window, so no other allocation can be given its addresses
 * meanwhile. _unretire: the free failed after all; the region is live
 * again. */
void csan_rt_hostmem_retire(const void *p);
void csan_rt_hostmem_hold(void *p, uint64_t size, void (*really_free)(void *));
void csan_rt_hostmem_unretire(const void *p, uint64_t size, uint32_t kind);
/* cudaDeviceReset freed every region's memory: all are forgotten, held
 * blocks too (not freed again). */
void csan_rt_hostmem_device_reset(void);

/* Whether [base, base + n) may touch a region (the inline test). */
static inline bool csan_rt_hostmem_maybe(uint64_t base, uint64_t n) {
  uint64_t lo = __csan_host_bounds[0], span = __csan_host_bounds[1];
  return span && base < lo + span && base + n > lo;
}

/* Kernels with a host hull may still have logged accesses to replay
 * (csan_rt_hostlog.c): while so, device operations' records made at issue
 * supersede no other operation's record (CSAN_CTX_F_KEEP_OTHERS). */
void csan_rt_hostmem_set_replays_pending(bool pending);
/* A device operation (ctx: its context) accesses region r of n bytes in
 * all (0: r's own extent). */
void csan_rt_hostmem_op_access(const csan_launch_ctx *ctx, const csan_region *r, uint32_t access);

/* A host access of the calling thread: [addr, addr + size), CSAN_ACC_*
 * kind, the instrumented site (may be null) and the return address into
 * the instrumented code (for the stack). */
void csan_rt_hostmem_host_access(const void *addr, uint64_t size, uint32_t access,
                                 const csan_host_site *site, const void *ra);

/* A kernel's access to a region (its record in the device's log, replayed
 * with its launch's context: csan_rt_hostlog.c). Recorded only: the caller
 * reports with csan_rt_hostmem_drain once it replayed the whole batch, so
 * a race of many records is reported once, with all its bytes. */
void csan_rt_hostmem_device_access(const csan_launch_ctx *ctx, const void *addr, uint64_t size,
                                   uint32_t access, int32_t site);

/* A host function runs on the calling thread with its operation's context:
 * between enter and leave, the thread's host accesses are the host
 * function's (ordered after what its stream ordered before it). */
typedef struct csan_rt_hostfn_scope {
  const csan_launch_ctx *prev;
} csan_rt_hostfn_scope;
void csan_rt_hostmem_fn_enter(csan_rt_hostfn_scope *s, const csan_launch_ctx *ctx);
void csan_rt_hostmem_fn_leave(csan_rt_hostfn_scope *s);

/* Reports what the host shadow found and has not reported yet (exit). */
void csan_rt_hostmem_drain(void);
/* Reports what a drain inside a host function found and left (reports
 * read the device, which a host function may not): called at each
 * synchronization the host observes. */
void csan_rt_hostmem_drain_deferred(void);
/* The epoch window restarts (csan_rt_maybe_rebase: the device is idle and
 * nothing can be issued): the host shadow and its race table are emptied
 * and host accesses take a new host operation. */
void csan_rt_hostmem_rebase(void);

/* The clocks of the program's locks and ended threads (null until the
 * first region: read inline by every interposed lock call), and the
 * warning for a full table. */
extern csan_hostsync *_Atomic csan_rt_hostmem_sync_table;
static inline csan_hostsync *csan_rt_hostmem_sync(void) {
  return atomic_load_explicit(&csan_rt_hostmem_sync_table, memory_order_acquire);
}
void csan_rt_hostmem_sync_full(void);

/* The host shadow's statistics for the exit summary: regions now, host
 * accesses checked. */
void csan_rt_hostmem_usage(uint32_t *regions, uint64_t *checked);

#endif /* CSAN_RT_HOSTMEM_H */
