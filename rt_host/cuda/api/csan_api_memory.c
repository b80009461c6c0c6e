/* csan_api_memory.c: allocations, frees and the registration of __device__
 * variables.
 *
 * Every allocation is registered (api, site, stack) so reports can say whose
 * bytes raced; frees move it to the quarantine. Device memory gets shadow:
 *
 *   cudaMalloc, Pitch (the whole pitched block), 3D, Managed, __device__
 *       pages, then csan_rk_fill EMPTY on csan's stream; the host waits.
 *   cudaMallocAsync / FromPoolAsync, cudaFreeAsync, cudaFree
 *       as csan_rt_memops.c says (the driver API's allocations and frees
 *       share it): stream-ordered allocations and frees are operations on
 *       their stream; a synchronous free of ordinary memory synchronizes the
 *       device (DESIGN.md, decision 11) and tags the block FREE before the
 *       memory is released.
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
#include "csan_rt_errors.h"
#include "csan_rt_allocs.h"

#include "csan_rt_capture.h"
#include "csan_rt_device.h"
#include "csan_rt_hostlog.h"
#include "csan_rt_hostmem.h"
#include "csan_rt_memops.h"
#include "csan_rt_ops.h"
#include "csan_rt_quarantine.h"
#include "csan_rt_report.h"
#include "csan_rt_shadow.h"
#include "csan_rt_vars.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Synchronous allocations.
 * ---------------------------------------------------------------------- */

/* Issue 17: an allocation that does not fit with its redzone is made
 * without one (the 256-byte slack is still poisoned): the redzone must never
 * be why a program runs out of memory. */
#define RETRY_WITHOUT_REDZONE(r, extra, none, call)                                      \
  do {                                                                                   \
    if ((r) == cudaErrorMemoryAllocation && (extra) != (none)) {                         \
      (void)cudaGetLastError();                                                          \
      (extra) = (none);                                                                  \
      (r) = (call);                                                                      \
    }                                                                                    \
  } while (0)

/* Rows to add to a pitched allocation for a redzone of at least `redzone`
 * bytes (csan_rt_alloc_span): the pitch is at least the width, so
 * ceil(redzone / width) rows are enough. 0 when redzones are off. */
static size_t pitch_redzone_rows(size_t width, size_t height) {
  if (!width || !height || csan_rt_alloc_span(1) == 1)
    return 0;
  uint64_t rz = (uint64_t)csan_g.flags.redzone;
  return (size_t)((rz + width - 1) / width);
}

/* Issue 17: an allocation that ran out of memory while csan holds freed
 * blocks back (quarantine_mb) is tried again once they are released; the
 * first try's error is not the program's to see. */
#define RETRY_OUT_OF_MEMORY(r, call)                                                     \
  do {                                                                                   \
    if ((r) == cudaErrorMemoryAllocation && csan_rt_quarantine_flush()) {                \
      (void)cudaGetLastError();                                                          \
      (r) = (call);                                                                      \
    }                                                                                    \
  } while (0)

CSAN_EXPORT cudaError_t __csan_cudaMalloc(void **devPtr, size_t size, const csan_host_site *site) {
  if (!csan_rt_active() || !csan_rt_on_device())
    return cudaMalloc(devPtr, size);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  uint64_t span = csan_rt_alloc_span(size); /* a redzone after it (issue 17) */
  cudaError_t r = cudaMalloc(devPtr, span);
  RETRY_OUT_OF_MEMORY(r, cudaMalloc(devPtr, span));
  RETRY_WITHOUT_REDZONE(r, span, size, cudaMalloc(devPtr, span));
  if (r == cudaSuccess)
    csan_rt_alloc_track_span((uint64_t)(uintptr_t)*devPtr, size, span, CSAN_ALLOC_DEVICE,
                             "cudaMalloc", NULL, site, stack);
  csan_rt_errors_result(r, "cudaMalloc", site, __builtin_return_address(0));
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                                               size_t height, const csan_host_site *site) {
  if (!csan_rt_active() || !csan_rt_on_device())
    return cudaMallocPitch(devPtr, pitch, width, height);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  /* The redzone as whole rows: the pitch depends on the width only, so
   * extra rows leave it as the program would get it. */
  size_t extra = pitch_redzone_rows(width, height);
  cudaError_t r = cudaMallocPitch(devPtr, pitch, width, height + extra);
  RETRY_OUT_OF_MEMORY(r, cudaMallocPitch(devPtr, pitch, width, height + extra));
  RETRY_WITHOUT_REDZONE(r, extra, 0, cudaMallocPitch(devPtr, pitch, width, height + extra));
  if (r == cudaSuccess)
    csan_rt_alloc_track_span((uint64_t)(uintptr_t)*devPtr, (uint64_t)*pitch * height,
                             (uint64_t)*pitch * (height + extra), CSAN_ALLOC_DEVICE,
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
  RETRY_OUT_OF_MEMORY(r, cudaMalloc3D(pitchedDevPtr, extent));
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
  uint64_t span = csan_rt_alloc_span(size);
  cudaError_t r = cudaMallocManaged(devPtr, span, flags);
  RETRY_OUT_OF_MEMORY(r, cudaMallocManaged(devPtr, span, flags));
  RETRY_WITHOUT_REDZONE(r, span, size, cudaMallocManaged(devPtr, span, flags));
  if (r == cudaSuccess) {
    csan_rt_alloc_track_span((uint64_t)(uintptr_t)*devPtr, size, span,
                             CSAN_ALLOC_DEVICE | CSAN_ALLOC_MANAGED, "cudaMallocManaged", NULL,
                             site, stack);
    csan_rt_hostmem_add(*devPtr, size, CSAN_ALLOC_MANAGED); /* the host touches it too */
    csan_rt_hostlog_managed(*devPtr, size, true);           /* and kernels' accesses are logged */
  }
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
  cudaError_t result;
} malloc_async_call;

static cudaError_t malloc_async_real(const malloc_async_call *c, size_t size) {
  if (c->from_pool)
    return c->pt ? cudaMallocFromPoolAsync_ptsz(c->ptr, size, c->pool, c->stream)
                 : cudaMallocFromPoolAsync(c->ptr, size, c->pool, c->stream);
  return c->pt ? cudaMallocAsync_ptsz(c->ptr, size, c->stream)
               : cudaMallocAsync(c->ptr, size, c->stream);
}

static cudaError_t malloc_async(malloc_async_call *c, const csan_host_site *site,
                                const void *ra) {
  if (!csan_rt_active() || !csan_rt_work_on_device(c->stream, c->pt) ||
      csan_rt_capture_op(c->stream, c->pt, site, ra))
    return malloc_async_real(c, c->size); /* a graph's node: its own size (DESIGN) */
  const char *api = c->from_pool ? "cudaMallocFromPoolAsync" : "cudaMallocAsync";
  uint32_t stack = csan_rt_stack(ra, site);
  /* Where the allocation itself lands in its stream does not matter to
   * csan (the bytes are new to all earlier work): its kernels' place does. */
  uint64_t span = csan_rt_alloc_span(c->size); /* a redzone after it (issue 17) */
  cudaError_t r = malloc_async_real(c, span);
  RETRY_OUT_OF_MEMORY(r, malloc_async_real(c, span)); /* held blocks give the pool room */
  RETRY_WITHOUT_REDZONE(r, span, c->size, malloc_async_real(c, span));
  if (r == cudaSuccess && c->ptr && *c->ptr && c->size)
    csan_rt_mem_alloc_async_done((uint64_t)(uintptr_t)*c->ptr, c->size, span, c->stream, c->pt,
                                 api, site, stack);
  csan_rt_errors_result(r, api, site, ra);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaMallocAsync(void **devPtr, size_t size, cudaStream_t hStream,
                                               const csan_host_site *site) {
  malloc_async_call c = {false, false, devPtr, size, NULL, hStream, cudaSuccess};
  return malloc_async(&c, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaMallocAsync_ptsz(void **devPtr, size_t size,
                                                    cudaStream_t hStream,
                                                    const csan_host_site *site) {
  malloc_async_call c = {true, false, devPtr, size, NULL, hStream, cudaSuccess};
  return malloc_async(&c, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaMallocFromPoolAsync(void **ptr, size_t size,
                                                       cudaMemPool_t memPool, cudaStream_t stream,
                                                       const csan_host_site *site) {
  malloc_async_call c = {false, true, ptr, size, memPool, stream, cudaSuccess};
  return malloc_async(&c, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaMallocFromPoolAsync_ptsz(void **ptr, size_t size,
                                                            cudaMemPool_t memPool,
                                                            cudaStream_t stream,
                                                            const csan_host_site *site) {
  malloc_async_call c = {true, true, ptr, size, memPool, stream, cudaSuccess};
  return malloc_async(&c, site, __builtin_return_address(0));
}

typedef struct free_async_call {
  void *p;
  cudaStream_t s;
  bool pt;
  cudaError_t result;
} free_async_call;

static int free_async_real(void *arg) {
  free_async_call *c = arg;
  c->result = c->pt ? cudaFreeAsync_ptsz(c->p, c->s) : cudaFreeAsync(c->p, c->s);
  return (int)c->result;
}

static cudaError_t free_async(void *p, cudaStream_t s, bool pt, const csan_host_site *site,
                              const void *ra) {
  free_async_call c = {p, s, pt, cudaSuccess};
  if (!csan_rt_active() || !p || !csan_rt_work_on_device(s, pt) ||
      csan_rt_capture_op(s, pt, site, ra)) {
    free_async_real(&c);
    return c.result;
  }
  csan_rt_mem_free_async(p, s, pt, "cudaFreeAsync", site, csan_rt_stack(ra, site),
                         free_async_real, &c);
  csan_rt_errors_result(c.result, "cudaFreeAsync", site, ra);
  return c.result;
}

CSAN_EXPORT cudaError_t __csan_cudaFreeAsync(void *devPtr, cudaStream_t hStream,
                                             const csan_host_site *site) {
  return free_async(devPtr, hStream, false, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaFreeAsync_ptsz(void *devPtr, cudaStream_t hStream,
                                                  const csan_host_site *site) {
  return free_async(devPtr, hStream, true, site, __builtin_return_address(0));
}

typedef struct free_call {
  void *p;
  cudaError_t result;
} free_call;

static int free_real(void *arg) {
  free_call *c = arg;
  c->result = cudaFree(c->p);
  return (int)c->result;
}

CSAN_EXPORT cudaError_t __csan_cudaFree(void *devPtr, const csan_host_site *site) {
  if (!csan_rt_active() || !devPtr)
    return cudaFree(devPtr);
  free_call c = {devPtr, cudaSuccess};
  if (csan_rt_mem_free(devPtr, "cudaFree", site,
                       csan_rt_stack(__builtin_return_address(0), site), free_real,
                       &c) == CSAN_RT_FREE_REFUSED) {
    c.result = cudaErrorInvalidValue; /* a double free, as CUDA answers it */
    csan_rt_errors_set_last(c.result);
  }
  csan_rt_errors_result(c.result, "cudaFree", site, __builtin_return_address(0));
  return c.result;
}

/* ------------------------------------------------------------------------
 * Pinned host memory.
 * ---------------------------------------------------------------------- */

CSAN_EXPORT cudaError_t __csan_cudaMallocHost(void **ptr, size_t size,
                                              const csan_host_site *site) {
  if (!csan_rt_active())
    return cudaMallocHost(ptr, size);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  cudaError_t r = cudaMallocHost(ptr, size);
  if (r == cudaSuccess)
    csan_rt_mem_host_add(*ptr, size, "cudaMallocHost", site, stack);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaHostAlloc(void **pHost, size_t size, unsigned int flags,
                                             const csan_host_site *site) {
  if (!csan_rt_active())
    return cudaHostAlloc(pHost, size, flags);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  cudaError_t r = cudaHostAlloc(pHost, size, flags);
  if (r == cudaSuccess)
    csan_rt_mem_host_add(*pHost, size, "cudaHostAlloc", site, stack);
  return r;
}

static void free_host_later(void *p) { cudaFreeHost(p); }

CSAN_EXPORT cudaError_t __csan_cudaFreeHost(void *ptr, const csan_host_site *site) {
  bool on = csan_rt_active();
  uint32_t stack = on ? csan_rt_stack(__builtin_return_address(0), site) : 0;
  /* With memory errors on, csan keeps the block a while (a later host
   * access to it is a use after free) and frees it itself. */
  if (on && csan_rt_mem_host_hold(ptr, "cudaFreeHost", site, stack, free_host_later))
    return cudaSuccess;
  cudaError_t r = cudaFreeHost(ptr);
  if (on && r == cudaSuccess)
    csan_rt_mem_host_remove(ptr, "cudaFreeHost", site, stack);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaHostRegister(void *ptr, size_t size, unsigned int flags,
                                                const csan_host_site *site) {
  if (!csan_rt_active())
    return cudaHostRegister(ptr, size, flags);
  uint32_t stack = csan_rt_stack(__builtin_return_address(0), site);
  cudaError_t r = cudaHostRegister(ptr, size, flags);
  if (r == cudaSuccess)
    csan_rt_mem_host_add(ptr, size, "cudaHostRegister", site, stack);
  return r;
}

CSAN_EXPORT cudaError_t __csan_cudaHostUnregister(void *ptr, const csan_host_site *site) {
  bool on = csan_rt_active();
  cudaError_t r = cudaHostUnregister(ptr);
  if (on && r == cudaSuccess)
    csan_rt_mem_host_remove(ptr, "cudaHostUnregister", site,
                            csan_rt_stack(__builtin_return_address(0), site));
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
