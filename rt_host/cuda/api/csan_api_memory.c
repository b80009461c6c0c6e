/* csan_api_memory.c: allocations, frees and the registration of __device__
 * variables.
 *
 * Every allocation is registered (api, site, stack) so reports can say whose
 * bytes raced; frees move it to the quarantine. Device memory gets shadow:
 *
 *   cudaMalloc, Pitch (the whole pitched block), 3D, Managed, __device__
 *       pages, then csan_rk_fill EMPTY on csan's stream; the host waits.
 *   cudaMallocAsync / FromPoolAsync
 *       an operation on its stream; EMPTY then csan_rk_access ALLOC|WRITE on
 *       that stream with the operation's context, so another stream's use
 *       that is not ordered after the allocation is a race. The operation is
 *       prepared after the call (and after its shadow pages, which may wait)
 *       and committed only once both kernels are queued: work another thread
 *       issues on the stream meanwhile is then after them in the stream as
 *       in the model, never before them with a later epoch.
 *   cudaFreeAsync
 *       an operation; csan_rk_access FREE|WRITE on its stream, before the
 *       free itself in stream order (the memory cannot be handed out again
 *       before the markers are in place).
 *   cudaFree
 *       of ordinary memory synchronizes the device (DESIGN.md, decision 11):
 *       csan synchronizes it (snapshot, cudaDeviceSynchronize, join) before
 *       the free. Of stream-ordered memory it does not. Either way the free
 *       is a host operation whose FREE|WRITE access runs on csan's stream
 *       before the memory is released, so users the host has not waited for
 *       are reported.
 *   cudaMallocHost, cudaHostAlloc, cudaHostRegister
 *       pinned host memory: registered for copy classification, no shadow.
 *
 * A free and an allocation of the same bytes by two threads: every free
 * tags its bytes before it releases them, and every allocation empties its
 * bytes after it got them, each under the allocation lock
 * (csan_rt_allocs.c) on csan's stream (or, for the stream-ordered calls, in
 * the operation's stream before the release / after the allocation), so a
 * FREE marker never lands on a newer allocation.
 *
 * __device__ variables are registered here as the module constructor names
 * them; csan_rt_vars.c resolves and tracks them.
 */
#include "csan_rt_allocs.h"

#include "csan_rt_device.h"
#include "csan_rt_ops.h"
#include "csan_rt_report.h"
#include "csan_rt_shadow.h"
#include "csan_rt_vars.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Synchronous allocations.
 * ---------------------------------------------------------------------- */

CSAN_EXPORT cudaError_t __csan_cudaMalloc(void **devPtr, size_t size, const csan_host_site *site) {
  if (!csan_rt_active() || !csan_rt_on_device())
    return cudaMalloc(devPtr, size);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  cudaError_t r = cudaMalloc(devPtr, size);
  if (r == cudaSuccess)
    csan_rt_alloc_track((uint64_t)(uintptr_t)*devPtr, size, CSAN_ALLOC_DEVICE, "cudaMalloc", NULL, site,
               stack);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                                               size_t height, const csan_host_site *site) {
  if (!csan_rt_active() || !csan_rt_on_device())
    return cudaMallocPitch(devPtr, pitch, width, height);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  cudaError_t r = cudaMallocPitch(devPtr, pitch, width, height);
  if (r == cudaSuccess)
    csan_rt_alloc_track((uint64_t)(uintptr_t)*devPtr, (uint64_t)*pitch * height, CSAN_ALLOC_DEVICE,
               "cudaMallocPitch", NULL, site, stack);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaMalloc3D(struct cudaPitchedPtr *pitchedDevPtr,
                                            struct cudaExtent extent,
                                            const csan_host_site *site) {
  if (!csan_rt_active() || !csan_rt_on_device())
    return cudaMalloc3D(pitchedDevPtr, extent);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  cudaError_t r = cudaMalloc3D(pitchedDevPtr, extent);
  if (r == cudaSuccess)
    csan_rt_alloc_track((uint64_t)(uintptr_t)pitchedDevPtr->ptr,
               (uint64_t)pitchedDevPtr->pitch * extent.height * (extent.depth ? extent.depth : 1),
               CSAN_ALLOC_DEVICE, "cudaMalloc3D", NULL, site, stack);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaMallocManaged(void **devPtr, size_t size, unsigned int flags,
                                                 const csan_host_site *site) {
  if (!csan_rt_active() || !csan_rt_on_device())
    return cudaMallocManaged(devPtr, size, flags);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  cudaError_t r = cudaMallocManaged(devPtr, size, flags);
  if (r == cudaSuccess)
    csan_rt_alloc_track((uint64_t)(uintptr_t)*devPtr, size, CSAN_ALLOC_DEVICE | CSAN_ALLOC_MANAGED,
               "cudaMallocManaged", NULL, site, stack);
  return r;
}

/* ------------------------------------------------------------------------
 * Stream-ordered allocations and frees.
 * ---------------------------------------------------------------------- */

typedef struct malloc_async_call {
  bool pt, from_pool;
  void **ptr;
  size_t size;
  cudaMemPool_t pool;
  cudaStream_t stream;
} malloc_async_call;

static cudaError_t malloc_async_real(const malloc_async_call *c) {
  if (c->from_pool)
    return c->pt ? cudaMallocFromPoolAsync_ptsz(c->ptr, c->size, c->pool, c->stream)
                 : cudaMallocFromPoolAsync(c->ptr, c->size, c->pool, c->stream);
  return c->pt ? cudaMallocAsync_ptsz(c->ptr, c->size, c->stream)
               : cudaMallocAsync(c->ptr, c->size, c->stream);
}

static cudaError_t malloc_async(const malloc_async_call *c, const csan_host_site *site,
                                const void *ra) {
  if (!csan_rt_active() || !csan_rt_work_on_device(c->stream, c->pt) ||
      csan_rt_capturing(c->stream, c->pt))
    return malloc_async_real(c);
  const char *api = c->from_pool ? "cudaMallocFromPoolAsync" : "cudaMallocAsync";
  uint32_t stack = csan_rt_stack(ra, site);
  /* Where the allocation itself lands in its stream does not matter to
   * csan (the bytes are new to all earlier work): its kernels' place does. */
  cudaError_t r = malloc_async_real(c);
  if (r != cudaSuccess || !c->ptr || !*c->ptr || !c->size)
    return r;
  uint64_t base = (uint64_t)(uintptr_t)*c->ptr;
  /* May allocate and wait: before the model lock is taken. */
  bool shadow = csan_rt_shadow_pages(base, c->size);
  csan_rt_op_desc d = {CSAN_OPK_ALLOC, api, c->size, NULL, site, stack};
  csan_rt_op o;
  if (!csan_rt_op_begin(&o, c->stream, c->pt, &d))
    return r;
  csan_rt_op_ctx(&o, CSAN_CTX_F_RANGE_OP);
  csan_alloc_info info;
  memset(&info, 0, sizeof info);
  info.base = base;
  info.size = c->size;
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
    csan_rt_shadow_empty_on(o.cu, base, c->size);
    csan_region r = csan_region_linear(base, c->size);
    csan_rt_shadow_access(o.cu, &o.ctx, &r, c->size, CSAN_ACC_ALLOC | CSAN_ACC_WRITE);
  }
  csan_rt_op_end(&o, true); /* both kernels are in the stream */
  csan_rt_shadow_tracked((int64_t)c->size);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream,
                                               const csan_host_site *site) {
  malloc_async_call c = {false, false, devPtr, size, NULL, hStream};
  return malloc_async(&c, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaMallocAsync_ptsz(void **devPtr, size_t size,
                                                    cudaStream_t hStream,
                                                    const csan_host_site *site) {
  malloc_async_call c = {true, false, devPtr, size, NULL, hStream};
  return malloc_async(&c, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaMallocFromPoolAsync(void **ptr, size_t size,
                                                       cudaMemPool_t memPool, cudaStream_t stream,
                                                       const csan_host_site *site) {
  malloc_async_call c = {false, true, ptr, size, memPool, stream};
  return malloc_async(&c, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaMallocFromPoolAsync_ptsz(void **ptr, size_t size,
                                                            cudaMemPool_t memPool,
                                                            cudaStream_t stream,
                                                            const csan_host_site *site) {
  malloc_async_call c = {true, true, ptr, size, memPool, stream};
  return malloc_async(&c, site, __builtin_return_address(0));
}

static cudaError_t free_async(void *p, cudaStream_t s, bool pt, const csan_host_site *site,
                              const void *ra) {
#define CSAN_REAL_FREE_ASYNC() (pt ? cudaFreeAsync_ptsz(p, s) : cudaFreeAsync(p, s))
  if (!csan_rt_active() || !p || !csan_rt_work_on_device(s, pt) || csan_rt_capturing(s, pt))
    return CSAN_REAL_FREE_ASYNC();
  uint32_t stack = csan_rt_stack(ra, site);
  csan_alloc_info a;
  bool known = csan_rt_alloc_find_live(p, &a) && csan_rt_is_device_memory(&a);
  csan_rt_op_desc d = {CSAN_OPK_FREE, "cudaFreeAsync", known ? a.size : 0, NULL, site, stack};
  csan_rt_op o;
  if (!csan_rt_op_begin(&o, s, pt, &d))
    return CSAN_REAL_FREE_ASYNC();
  bool removed = false;
  if (known) {
    csan_alloc_event ev;
    csan_rt_alloc_event(&ev, "cudaFreeAsync", site, stack);
    ev.op_id = o.op.op_id;
    ev.slot = o.op.slot;
    ev.epoch = o.op.epoch;
    ev.stream = o.stream;
    csan_rt_allocs_lock();
    removed = csan_rt_alloc_find_live(p, &a) && csan_allocs_remove(csan_g.allocs, a.base, &ev, NULL) ==
                                      CSAN_ALLOC_OK;
    csan_rt_allocs_unlock();
  }
  if (removed) {
    csan_rt_op_ctx(&o, CSAN_CTX_F_RANGE_OP);
    csan_region r = csan_region_linear(a.base, a.size);
    csan_rt_shadow_access(o.cu, &o.ctx, &r, a.size, CSAN_ACC_FREE | CSAN_ACC_WRITE);
  }
  cudaError_t r = CSAN_REAL_FREE_ASYNC();
  if (removed) {
    if (r == cudaSuccess) {
      csan_rt_shadow_tracked(-(int64_t)a.size);
    } else {
      csan_rt_allocs_lock();
      csan_rt_alloc_add(&a);
      csan_rt_allocs_unlock();
    }
  }
  csan_rt_op_end(&o, r == cudaSuccess);
  return r;
#undef CSAN_REAL_FREE_ASYNC
}

CSAN_EXPORT cudaError_t __csan_cudaFreeAsync(void *devPtr, cudaStream_t hStream,
                                             const csan_host_site *site) {
  return free_async(devPtr, hStream, false, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaFreeAsync_ptsz(void *devPtr, cudaStream_t hStream,
                                                  const csan_host_site *site) {
  return free_async(devPtr, hStream, true, site, __builtin_return_address(0));
}

/* A free issued while another device is current: nothing is modelled (the
 * free waits for that device, not csan's), but a block csan tracks that
 * went this way is not live any more. */
static cudaError_t free_elsewhere(void *devPtr, const csan_host_site *site) {
  cudaError_t r = cudaFree(devPtr);
  csan_alloc_info a;
  csan_alloc_event ev;
  csan_rt_alloc_event(&ev, "cudaFree", site, 0);
  bool gone = false;
  csan_rt_allocs_lock();
  if (r == cudaSuccess && csan_rt_alloc_find_live(devPtr, &a) && csan_rt_is_device_memory(&a))
    gone = csan_allocs_remove(csan_g.allocs, a.base, &ev, NULL) == CSAN_ALLOC_OK;
  csan_rt_allocs_unlock();
  if (gone)
    csan_rt_shadow_tracked(-(int64_t)a.size);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaFree(void *devPtr, const csan_host_site *site) {
  if (!csan_rt_active() || !devPtr)
    return cudaFree(devPtr);
  if (!csan_rt_on_device())
    return free_elsewhere(devPtr, site);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  csan_alloc_info a;
  bool known = csan_rt_alloc_find_live(devPtr, &a) && csan_rt_is_device_memory(&a);
  /* Ordinary memory (or memory csan did not see allocated): the free
   * synchronizes the device on today's drivers; CUDA says it may. csan
   * synchronizes first itself, so the free can be tagged before the memory
   * goes back to the allocator (once it is back, another thread may be
   * handed the same bytes). Whether the program may count on it is
   * documented_sync_only's choice (core/csan_syncs.h). */
  bool ordered = !known || !(a.flags & CSAN_ALLOC_STREAM_ORDERED);
  if (ordered) {
    csan_vc all;
    if (csan_rt_device_sync(&all) == cudaSuccess) {
      if (csan_g.flags.documented_sync_only)
        csan_syncs_add(csan_g.syncs, "cudaFree", site, &all,
                       csan_model_last_op_id(csan_g.model));
      else
        csan_model_host_join(csan_g.model, &all);
    }
  }
  bool tagged = false;
  csan_op op;
  csan_rt_op_desc d = {CSAN_OPK_FREE, "cudaFree", known ? a.size : 0, NULL, site, stack};
  if (known && csan_rt_host_op(&op, &d)) {
    csan_alloc_event ev;
    csan_rt_alloc_event(&ev, "cudaFree", site, stack);
    ev.op_id = op.op_id;
    ev.slot = op.slot;
    ev.epoch = op.epoch;
    csan_launch_ctx ctx;
    csan_rt_ctx_fill(&ctx, &op, CSAN_CTX_F_RANGE_OP);
    csan_rt_allocs_lock();
    tagged = csan_rt_alloc_find_live(devPtr, &a) && csan_rt_is_device_memory(&a) &&
             csan_allocs_remove(csan_g.allocs, a.base, &ev, NULL) == CSAN_ALLOC_OK;
    if (tagged) {
      csan_region r = csan_region_linear(a.base, a.size);
      csan_rt_shadow_access((CUstream)csan_g.priv, &ctx, &r, a.size,
                            CSAN_ACC_FREE | CSAN_ACC_WRITE);
      csan_rt_priv_sync();
    }
    csan_rt_allocs_unlock();
  }
  cudaError_t r = cudaFree(devPtr);
  if (tagged && r != cudaSuccess) {
    /* Still allocated after all: live again, without the FREE markers. */
    csan_rt_allocs_lock();
    csan_rt_alloc_add(&a);
    csan_rt_shadow_empty_on((CUstream)csan_g.priv, a.base, a.size);
    csan_rt_priv_sync();
    csan_rt_allocs_unlock();
  } else if (tagged) {
    csan_rt_shadow_tracked(-(int64_t)a.size);
  }
  if (ordered && r == cudaSuccess)
    csan_rt_drain(); /* the host waited for the device */
  return r;
}

/* ------------------------------------------------------------------------
 * Pinned host memory.
 * ---------------------------------------------------------------------- */

static void host_add(void *p, size_t size, const char *api, const csan_host_site *site,
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
}

static void host_remove(void *p, const char *api, const csan_host_site *site) {
  csan_alloc_info a;
  csan_alloc_event ev;
  csan_rt_alloc_event(&ev, api, site, 0);
  csan_rt_allocs_lock();
  if (csan_rt_alloc_find_live(p, &a) && (a.flags & CSAN_ALLOC_HOST_PINNED))
    csan_allocs_remove(csan_g.allocs, a.base, &ev, NULL);
  csan_rt_allocs_unlock();
}

CSAN_EXPORT cudaError_t __csan_cudaMallocHost(void **ptr, size_t size,
                                              const csan_host_site *site) {
  if (!csan_rt_active())
    return cudaMallocHost(ptr, size);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  cudaError_t r = cudaMallocHost(ptr, size);
  if (r == cudaSuccess)
    host_add(*ptr, size, "cudaMallocHost", site, stack);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaHostAlloc(void **pHost, size_t size, unsigned int flags,
                                             const csan_host_site *site) {
  if (!csan_rt_active())
    return cudaHostAlloc(pHost, size, flags);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  cudaError_t r = cudaHostAlloc(pHost, size, flags);
  if (r == cudaSuccess)
    host_add(*pHost, size, "cudaHostAlloc", site, stack);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaFreeHost(void *ptr, const csan_host_site *site) {
  bool on = csan_rt_active();
  cudaError_t r = cudaFreeHost(ptr);
  if (on && r == cudaSuccess)
    host_remove(ptr, "cudaFreeHost", site);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaHostRegister(void *ptr, size_t size, unsigned int flags,
                                                const csan_host_site *site) {
  if (!csan_rt_active())
    return cudaHostRegister(ptr, size, flags);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  cudaError_t r = cudaHostRegister(ptr, size, flags);
  if (r == cudaSuccess)
    host_add(ptr, size, "cudaHostRegister", site, stack);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaHostUnregister(void *ptr, const csan_host_site *site) {
  bool on = csan_rt_active();
  cudaError_t r = cudaHostUnregister(ptr);
  if (on && r == cudaSuccess)
    host_remove(ptr, "cudaHostUnregister", site);
  return r;
}

CSAN_EXPORT void __csan___cudaRegisterVar(void **fatCubinHandle, char *hostVar,
                                          char *deviceAddress, const char *deviceName, int ext,
                                          size_t size, int constant, int global,
                                          const csan_host_site *site) {
  __cudaRegisterVar(fatCubinHandle, hostVar, deviceAddress, deviceName, ext, size, constant,
                    global);
  /* No CUDA here: module constructors run before the program may use it.
   * An extern declaration is registered by the translation unit that
   * defines the variable. */
  if (constant || ext)
    return;
  csan_rt_init();
  csan_rt_var_add(hostVar, deviceName, size, 0, site);
}

CSAN_EXPORT void __csan___cudaRegisterManagedVar(void **fatCubinHandle, void **hostVarPtr,
                                                 void *initValue, const char *deviceName,
                                                 size_t size, unsigned int align,
                                                 const csan_host_site *site) {
  __cudaRegisterManagedVar(fatCubinHandle, hostVarPtr, initValue, deviceName, size, align);
  csan_rt_init();
  csan_rt_var_add(hostVarPtr, deviceName, size, CSAN_VAR_F_MANAGED, site);
}

CSAN_EXPORT void __csan_register_device_var(const void *host_var, const char *name,
                                            uint64_t size, uint32_t flags) {
  csan_rt_init();
  csan_rt_var_add(host_var, name, size, flags, NULL);
}
