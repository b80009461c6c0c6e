/* csan_rt_memops.c: allocations and frees as the model, the registry and
 * the shadow see them (csan_rt_memops.h), for the runtime's and the
 * driver's calls alike (api/csan_api_memory.c, api/csan_api_driver.c).
 *
 *   stream-ordered allocation
 *       an operation on its stream; EMPTY then csan_rk_access ALLOC|WRITE on
 *       that stream with the operation's context, so another stream's use
 *       that is not ordered after the allocation is a race. The operation is
 *       prepared after the call (and after its shadow pages, which may wait)
 *       and committed only once both kernels are queued: work another thread
 *       issues on the stream meanwhile is then after them in the stream as
 *       in the model, never before them with a later epoch.
 *   stream-ordered free
 *       an operation; csan_rk_access FREE|WRITE on its stream, before the
 *       free itself in stream order (the memory cannot be handed out again
 *       before the markers are in place).
 *   synchronous free
 *       of ordinary memory synchronizes the device (DESIGN.md, decision 11):
 *       csan synchronizes it (snapshot, cudaDeviceSynchronize, join) before
 *       the free. Of stream-ordered memory it does not. Either way the free
 *       is a host operation whose FREE|WRITE access runs on csan's stream
 *       before the memory is released, so users the host has not waited for
 *       are reported.
 *   pinned host memory
 *       registered for copy classification; a region of the host shadow
 *       (csan_rt_hostmem.c), where host accesses meet device work.
 *   managed memory
 *       device memory with shadow, and a region of the host shadow too.
 */
#include "csan_rt_memops.h"

#include "csan_rt_allocs.h"
#include "csan_rt_device.h"
#include "csan_rt_errors.h"
#include "csan_rt_hostlog.h"
#include "csan_rt_hostmem.h"
#include "csan_rt_ops.h"
#include "csan_rt_quarantine.h"
#include "csan_rt_report.h"
#include "csan_rt_shadow.h"

#include <string.h>

/* A free issued while another device is current: nothing is modelled (the
 * free waits for that device, not csan's), but a block csan tracks that
 * went this way is not live any more. */
static bool free_elsewhere(void *p, const char *api, const csan_host_site *site,
                           csan_rt_call_fn call, void *arg) {
  bool ok = call(arg) == 0;
  csan_alloc_info a;
  csan_alloc_event ev;
  csan_rt_alloc_event(&ev, api, site, 0);
  bool gone = false;
  csan_rt_allocs_lock();
  if (ok && csan_rt_alloc_find_live(p, &a) && csan_rt_is_device_memory(&a))
    gone = csan_allocs_remove(csan_g.allocs, a.base, &ev, NULL) == CSAN_ALLOC_OK;
  csan_rt_allocs_unlock();
  if (gone)
    csan_rt_shadow_tracked(-(int64_t)a.size);
  return ok;
}

/* The allocations whose tail csan poisons (csan_rt_alloc_track_span):
 * device memory the program allocated, not variables. */
static bool poisoned(const csan_alloc_info *a) {
  return (a->flags & CSAN_ALLOC_DEVICE) && !(a->flags & CSAN_ALLOC_VARIABLE);
}

/* A free the allocator rejected (or would: csan holds the block): a
 * double free or a free of a pointer that starts no live allocation. */
static void bad_free(void *p, const char *api, const csan_host_site *site, uint32_t stack) {
  if (csan_rt_errors_free((uint64_t)(uintptr_t)p, api, site, stack))
    csan_rt_halt();
}

csan_rt_free_result csan_rt_mem_free(void *p, const char *api, const csan_host_site *site,
                                     uint32_t stack, csan_rt_call_fn call, void *arg) {
  if (!csan_rt_on_device())
    return free_elsewhere(p, api, site, call, arg) ? CSAN_RT_FREE_OK : CSAN_RT_FREE_FAILED;
  csan_alloc_info a;
  bool known = csan_rt_alloc_find_live(p, &a) && csan_rt_is_device_memory(&a);
  /* Freed before and still held by csan: the allocator would free it now
   * (it never got it back), where CUDA returns an error for the second
   * free. The block stays held; the program gets CUDA's error. */
  if (!known && csan_rt_quarantine_holds((uint64_t)(uintptr_t)p)) {
    bad_free(p, api, site, stack);
    return CSAN_RT_FREE_REFUSED;
  }
  /* Ordinary memory (or memory csan did not see allocated): the free
   * synchronizes the device on today's drivers; CUDA says it may. csan
   * synchronizes first itself, so the free can be tagged before the memory
   * goes back to the allocator (once it is back, another thread may be
   * handed the same bytes). Whether the program may count on it is
   * documented_sync_only's choice (core/csan_syncs.h). Stream-ordered
   * memory and a mapping's cuMemUnmap do not synchronize: the free is an
   * operation at the host's clock, and work not ordered before it races
   * with it. */
  bool ordered = !known || !(a.flags & (CSAN_ALLOC_STREAM_ORDERED | CSAN_ALLOC_MAPPED));
  bool synced = false;
  if (ordered) {
    csan_vc all;
    if (csan_rt_device_sync(&all) == cudaSuccess) {
      synced = true;
      if (csan_g.flags.documented_sync_only)
        csan_syncs_add(csan_g.syncs, api, site, &all, csan_model_last_op_id(csan_g.model));
      else
        csan_model_host_join(csan_g.model, &all);
    }
  }
  bool tagged = false;
  csan_op op;
  csan_rt_op_desc d = {CSAN_OPK_FREE, api, known ? a.size : 0, NULL, site, stack};
  if (known && csan_rt_host_op(&op, &d)) {
    csan_alloc_event ev;
    csan_rt_alloc_event(&ev, api, site, stack);
    ev.op_id = op.op_id;
    ev.slot = op.slot;
    ev.epoch = op.epoch;
    csan_launch_ctx ctx;
    csan_rt_ctx_fill(&ctx, &op, CSAN_CTX_F_RANGE_OP);
    csan_rt_allocs_lock();
    tagged = csan_rt_alloc_find_live(p, &a) && csan_rt_is_device_memory(&a) &&
             csan_allocs_remove(csan_g.allocs, a.base, &ev, NULL) == CSAN_ALLOC_OK;
    if (tagged) {
      csan_region r = csan_region_linear(a.base, a.size);
      csan_rt_shadow_access((CUstream)csan_g.priv, &ctx, &r, a.size,
                            CSAN_ACC_FREE | CSAN_ACC_WRITE);
      if (poisoned(&a))
        csan_rt_shadow_unpoison_tail((CUstream)csan_g.priv, a.base, a.size, a.span);
      csan_rt_priv_sync();
    }
    csan_rt_allocs_unlock();
  }
  bool managed = known && (a.flags & CSAN_ALLOC_MANAGED);
  if (managed) {
    /* Kernels' logged accesses to it first: once retired, the region's
     * records are gone (csan_rt_hostlog.c). */
    csan_rt_hostlog_drain();
    csan_rt_hostmem_retire(p); /* before the memory can be handed out again */
    csan_rt_hostlog_managed(p, a.size, false);
  }
  /* Issue 17: ordinary device memory, tagged FREE after csan synchronized
   * the device, may be held back from the allocator (quarantine_mb); not
   * when that synchronization failed (the real free returns the error to
   * the program). A block freed again while held is refused above. */
  bool hold = tagged && synced && !(a.flags & (CSAN_ALLOC_MANAGED | CSAN_ALLOC_STREAM_ORDERED |
                                     CSAN_ALLOC_VARIABLE | CSAN_ALLOC_HOST_PINNED |
                                     CSAN_ALLOC_MAPPED));
  int err = 0;
  bool ok = (hold && csan_rt_quarantine_hold(a.base, a.span > a.size ? a.span : a.size)) ||
            (err = call(arg)) == 0;
  /* Not a live allocation's start, and the allocator agrees: a double or
   * invalid free. Memory csan did not see allocated frees fine and is no
   * error; a sticky error is the context's, not the pointer's. */
  if (!known && !ok && !csan_rt_errors_sticky((cudaError_t)err))
    bad_free(p, api, site, stack);
  if (managed && !ok) {
    csan_rt_hostmem_unretire(p, a.size, CSAN_ALLOC_MANAGED);
    csan_rt_hostlog_managed(p, a.size, true);
  }
  if (tagged && !ok) {
    /* Still allocated after all: live again, without the FREE markers. */
    csan_rt_allocs_lock();
    csan_rt_alloc_add(&a);
    csan_rt_shadow_empty_on((CUstream)csan_g.priv, a.base, a.size);
    if (poisoned(&a))
      csan_rt_shadow_poison_tail((CUstream)csan_g.priv, a.base, a.size, a.span);
    csan_rt_priv_sync();
    csan_rt_allocs_unlock();
  } else if (tagged) {
    csan_rt_shadow_tracked(-(int64_t)a.size);
  }
  if (ordered && ok)
    csan_rt_drain(); /* the host waited for the device */
  return ok ? CSAN_RT_FREE_OK : CSAN_RT_FREE_FAILED;
}

void csan_rt_mem_alloc_async_done(uint64_t base, uint64_t size, uint64_t span, cudaStream_t s,
                                  bool pt, const char *api, const csan_host_site *site,
                                  uint32_t stack) {
  if (span < size)
    span = size;
  /* May allocate and wait: before the model lock is taken. */
  bool shadow = csan_rt_shadow_pages(base, span);
  csan_rt_op_desc d = {CSAN_OPK_ALLOC, api, size, NULL, site, stack};
  csan_rt_op o;
  if (!csan_rt_op_begin(&o, s, pt, &d))
    return;
  csan_rt_op_ctx(&o, CSAN_CTX_F_RANGE_OP);
  csan_alloc_info info;
  memset(&info, 0, sizeof info);
  info.base = base;
  info.size = size;
  info.span = span > size ? span : 0;
  info.flags = CSAN_ALLOC_DEVICE | CSAN_ALLOC_STREAM_ORDERED;
  csan_rt_alloc_event(&info.made, api, site, stack);
  info.made.op_id = o.op.op_id;
  info.made.slot = o.op.slot;
  info.made.epoch = o.op.epoch;
  info.made.stream = o.stream;
  csan_rt_allocs_lock();
  csan_rt_alloc_add(&info);
  csan_rt_allocs_unlock();
  if (shadow) {
    csan_rt_shadow_empty_on(o.cu, base, size);
    csan_region r = csan_region_linear(base, size);
    csan_rt_shadow_access(o.cu, &o.ctx, &r, size, CSAN_ACC_ALLOC | CSAN_ACC_WRITE);
    csan_rt_shadow_poison_tail(o.cu, base, size, span); /* issue 17 */
  }
  csan_rt_op_end(&o, true); /* both kernels are in the stream */
  csan_rt_shadow_tracked((int64_t)size);
}

bool csan_rt_mem_free_async(void *p, cudaStream_t s, bool pt, const char *api,
                            const csan_host_site *site, uint32_t stack, csan_rt_call_fn call,
                            void *arg) {
  csan_alloc_info a;
  bool known = csan_rt_alloc_find_live(p, &a) && csan_rt_is_device_memory(&a);
  csan_rt_op_desc d = {CSAN_OPK_FREE, api, known ? a.size : 0, NULL, site, stack};
  csan_rt_op o;
  if (!csan_rt_op_begin(&o, s, pt, &d))
    return call(arg) == 0;
  bool removed = false;
  if (known) {
    csan_alloc_event ev;
    csan_rt_alloc_event(&ev, api, site, stack);
    ev.op_id = o.op.op_id;
    ev.slot = o.op.slot;
    ev.epoch = o.op.epoch;
    ev.stream = o.stream;
    csan_rt_allocs_lock();
    removed = csan_rt_alloc_find_live(p, &a) &&
              csan_allocs_remove(csan_g.allocs, a.base, &ev, NULL) == CSAN_ALLOC_OK;
    csan_rt_allocs_unlock();
  }
  if (removed) {
    csan_rt_op_ctx(&o, CSAN_CTX_F_RANGE_OP);
    csan_region r = csan_region_linear(a.base, a.size);
    csan_rt_shadow_access(o.cu, &o.ctx, &r, a.size, CSAN_ACC_FREE | CSAN_ACC_WRITE);
    csan_rt_shadow_unpoison_tail(o.cu, a.base, a.size, a.span); /* in stream order */
  }
  int err = call(arg);
  bool ok = err == 0;
  if (!known && !ok && !csan_rt_errors_sticky((cudaError_t)err))
    bad_free(p, api, site, stack); /* freed before, or not an allocation's start */
  if (removed) {
    if (ok) {
      csan_rt_shadow_tracked(-(int64_t)a.size);
    } else {
      csan_rt_allocs_lock();
      csan_rt_alloc_add(&a);
      csan_rt_allocs_unlock();
    }
  }
  csan_rt_op_end(&o, ok);
  return ok;
}

void csan_rt_mem_host_add(void *p, size_t size, const char *api, const csan_host_site *site,
                          uint32_t stack) {
  if (!p || !size)
    return;
  csan_alloc_info info;
  memset(&info, 0, sizeof info);
  info.base = (uint64_t)(uintptr_t)p;
  info.size = size;
  info.flags = CSAN_ALLOC_HOST_PINNED;
  csan_rt_alloc_event(&info.made, api, site, stack);
  csan_rt_allocs_lock();
  csan_rt_alloc_add(&info);
  csan_rt_allocs_unlock();
  csan_rt_hostmem_add(p, size, CSAN_ALLOC_HOST_PINNED);
}

bool csan_rt_mem_host_hold(void *p, const char *api, const csan_host_site *site, uint32_t stack,
                           void (*really_free)(void *)) {
  if (!p || !csan_g.flags.memory_errors)
    return false;
  csan_alloc_info a;
  csan_alloc_event ev;
  csan_rt_alloc_event(&ev, api, site, stack);
  bool held = false;
  csan_rt_allocs_lock();
  if (csan_rt_alloc_find_live(p, &a) && (a.flags & CSAN_ALLOC_HOST_PINNED) &&
      a.base == (uint64_t)(uintptr_t)p && a.made.api &&
      (!strcmp(a.made.api, "cudaMallocHost") || !strcmp(a.made.api, "cudaHostAlloc") ||
       !strcmp(a.made.api, "cuMemAllocHost") || !strcmp(a.made.api, "cuMemHostAlloc")))
    held = csan_allocs_remove(csan_g.allocs, a.base, &ev, NULL) == CSAN_ALLOC_OK;
  csan_rt_allocs_unlock();
  if (held) {
    csan_rt_hostlog_drain(); /* kernels' logged accesses, while the region is live */
    csan_rt_hostmem_hold(p, a.size, really_free);
  }
  return held;
}

void csan_rt_mem_host_remove(void *p, const char *api, const csan_host_site *site,
                             uint32_t stack) {
  csan_alloc_info a;
  csan_alloc_event ev;
  csan_rt_alloc_event(&ev, api, site, stack);
  csan_rt_allocs_lock();
  if (csan_rt_alloc_find_live(p, &a) && (a.flags & CSAN_ALLOC_HOST_PINNED))
    csan_allocs_remove(csan_g.allocs, a.base, &ev, NULL);
  csan_rt_allocs_unlock();
  csan_rt_hostlog_drain(); /* kernels' logged accesses, while the region is live */
  csan_rt_hostmem_remove(p);
}
