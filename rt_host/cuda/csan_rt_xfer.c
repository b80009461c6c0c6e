/* csan_rt_xfer.c: operations that read and write byte regions, checked by
 * csan's range kernel (csan_rt_xfer.h; DESIGN.md, decision 11).
 *
 * Each side is classified: the allocation registry first (tracked device
 * memory, live or freed, and pinned host memory), then cuPointerGetAttribute
 * for pointers csan did not see allocated (untracked device memory, pinned
 * host memory, or pageable host memory when the driver does not know it).
 *
 * What the host waits for ("API synchronization behavior" of the CUDA
 * runtime), for synchronous copies:
 *   pageable host -> device   the work before the copy, not the copy
 *   pinned host -> device,
 *   device -> any host,
 *   host -> host              the copy itself
 *   device -> device          nothing
 *   memset                    nothing, unless the target is pinned host memory
 * Asynchronous calls never make the host wait. A failed range launch never
 * changes what the application's call returns.
 */
#include "csan_rt_xfer.h"

#include "csan_rt_errors.h"
#include "csan_rt_hostmem.h"
#include "csan_rt_report.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(CSAN_LM_READ == CSAN_ACC_READ && CSAN_LM_WRITE == CSAN_ACC_WRITE &&
                   CSAN_LM_ATOMIC == CSAN_ACC_ATOMIC,
               "library footprints use csan's access kinds");

csan_mem_class csan_rt_mem_class(const void *p) {
  if (!p)
    return CSAN_MEM_PAGEABLE;
  csan_alloc_info a;
  /* A freed block is still tracked: its shadow holds the FREE markers that
   * make a copy into it a use-after-free. */
  if (csan_allocs_find(csan_g.allocs, (uint64_t)(uintptr_t)p, &a))
    return (a.flags & CSAN_ALLOC_HOST_PINNED) ? CSAN_MEM_PINNED : CSAN_MEM_DEVICE_TRACKED;
  if (csan_allocs_find_freed(csan_g.allocs, (uint64_t)(uintptr_t)p, &a) &&
      !(a.flags & CSAN_ALLOC_HOST_PINNED))
    return CSAN_MEM_DEVICE_TRACKED;
  unsigned int type = 0;
  if (csan_g.drv.cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                       (CUdeviceptr)(uintptr_t)p) != CUDA_SUCCESS)
    return CSAN_MEM_PAGEABLE;
  return type == CU_MEMORYTYPE_HOST ? CSAN_MEM_PINNED : CSAN_MEM_DEVICE_UNTRACKED;
}

bool csan_rt_mem_is_host(csan_mem_class c) {
  return c == CSAN_MEM_PAGEABLE || c == CSAN_MEM_PINNED;
}

void csan_rt_xfer_init(csan_rt_xfer *x, const char *api, bool sync, bool pt, cudaStream_t stream) {
  memset(x, 0, sizeof *x);
  x->api = api;
  x->sync = sync;
  x->pt = pt;
  x->stream = sync ? NULL : stream;
  x->may_block = sync;
  x->r = x->inline_r;
  x->acc = x->inline_a;
  x->cap = CSAN_XFER_INLINE;
  x->kind = CSAN_OPK_COPY;
}

void csan_rt_xfer_free(csan_rt_xfer *x) {
  if (x->r != x->inline_r) {
    free(x->r);
    free(x->acc);
  }
}

/* Adds a region to check if it is tracked device memory. */
void csan_rt_xfer_region(csan_rt_xfer *x, csan_mem_class c, csan_region r, uint32_t access) {
  if (!r.width || !r.rows || !r.slices)
    return;
  if (x->nh < CSAN_XFER_INLINE &&
      csan_rt_hostmem_maybe(r.base, (r.slices - 1) * r.slice_pitch + (r.rows - 1) * r.pitch + r.width)) {
    x->host_r[x->nh] = r;
    x->host_a[x->nh++] = access;
  }
  if (c != CSAN_MEM_DEVICE_TRACKED)
    return;
  if (x->n == x->cap) {
    size_t cap = 2 * x->cap;
    csan_region *nr = malloc(cap * sizeof *nr);
    uint32_t *na = malloc(cap * sizeof *na);
    if (!nr || !na) {
      free(nr);
      free(na);
      return;
    }
    memcpy(nr, x->r, x->n * sizeof *nr);
    memcpy(na, x->acc, x->n * sizeof *na);
    csan_rt_xfer_free(x);
    x->r = nr;
    x->acc = na;
    x->cap = cap;
  }
  x->r[x->n] = r;
  x->acc[x->n] = access;
  x->n++;
}

/* The host's wait for a synchronous copy from src to dst. */
csan_rt_wait csan_rt_copy_wait(const csan_rt_xfer *x, csan_mem_class dst, csan_mem_class src) {
  if (!x->sync)
    return CSAN_WAIT_NONE;
  if (csan_rt_mem_is_host(src) && !csan_rt_mem_is_host(dst))
    return src == CSAN_MEM_PAGEABLE ? CSAN_WAIT_BEFORE : CSAN_WAIT_ALL;
  if (csan_rt_mem_is_host(dst))
    return CSAN_WAIT_ALL;
  return CSAN_WAIT_NONE;
}

/* A copy: classifies both sides, adds their regions, sets the wait. */
void csan_rt_xfer_copy(csan_rt_xfer *x, const void *dst, csan_region dr, const void *src, csan_region sr) {
  csan_mem_class dc = csan_rt_mem_class(dst), sc = csan_rt_mem_class(src);
  csan_rt_xfer_region(x, sc, sr, CSAN_ACC_READ);
  csan_rt_xfer_region(x, dc, dr, CSAN_ACC_WRITE);
  x->wait = csan_rt_copy_wait(x, dc, sc);
  /* Asynchronous copies with pageable memory may wait too (staging, or
   * until a copy to pageable memory is done). */
  x->may_block = x->sync || dc == CSAN_MEM_PAGEABLE || sc == CSAN_MEM_PAGEABLE;
}

void csan_rt_xfer_set(csan_rt_xfer *x, const void *dst, csan_region dr) {
  csan_mem_class dc = csan_rt_mem_class(dst);
  csan_rt_xfer_region(x, dc, dr, CSAN_ACC_WRITE);
  x->set = true;
  x->wait = x->sync && dc == CSAN_MEM_PINNED ? CSAN_WAIT_ALL : CSAN_WAIT_NONE;
  x->may_block = x->sync;
}

/* Up to the CUDA call: false means pass the call through unmodelled.
 *
 * A call that may wait for the device (a synchronous copy waits for the work
 * before it and often for itself) must not hold the model lock while it
 * waits: its operation is committed before the call, after its range checks
 * were launched. If the call then fails, the operation still stands (its
 * checks ran anyway); such calls fail on bad arguments, before any work. */
/* Memory errors of the regions (csan_rt_errors.c), before anything is
 * held: an out-of-bounds region is reported, and csan halts if asked. */
static void xfer_memory_errors(csan_rt_xfer *x, const csan_host_site *site, const void *ra) {
  if (!x->n || !csan_g.flags.memory_errors)
    return;
  if (!x->stack)
    x->stack = csan_rt_stack(ra, site);
  bool halt = false;
  for (size_t i = 0; i < x->n; i++) {
    const csan_region *r = &x->r[i];
    if (!r->width)
      continue;
    uint64_t last = r->base + (r->slices ? r->slices - 1 : 0) * r->slice_pitch +
                    (r->rows ? r->rows - 1 : 0) * r->pitch + r->width - 1;
    halt |= csan_rt_errors_range(r->base, last - r->base + 1, x->acc[i] & CSAN_ACC_WRITE,
                                 x->api, site, x->stack);
  }
  if (halt)
    csan_rt_halt();
}

bool csan_rt_xfer_begin(csan_rt_xfer *x, csan_rt_op *o, const csan_host_site *site, const void *ra) {
  xfer_memory_errors(x, site, ra);
  csan_vc device;
  if (x->peer)
    csan_model_device_clock(csan_g.model, &device);
  csan_rt_op_desc d = {x->set ? CSAN_OPK_SET : x->kind, x->api, x->bytes, NULL, site,
                       x->stack ? x->stack : csan_rt_stack(ra, site)};
  if (!csan_rt_op_begin(o, x->stream, x->pt, &d))
    return false;
  if (x->nh) {
    csan_rt_op_ctx(o, CSAN_CTX_F_RANGE_OP);
    for (size_t i = 0; i < x->nh; i++)
      csan_rt_hostmem_op_access(&o->ctx, &x->host_r[i], x->host_a[i]);
  }
  /* Progress markers around an asynchronous call, as around a launch: a
   * copy or set that faults is named too. A call that may block commits its
   * operation now and lets other threads issue on the stream before its
   * `done` marker; it also returns only once it ran, so the call itself
   * returns its fault: no markers. */
  csan_fault_launch fl;
  memset(&fl, 0, sizeof fl);
  fl.api = x->api;
  fl.bytes = x->bytes;
  fl.stream = o->stream;
  fl.stack = d.stack;
  if (site)
    fl.site = *site;
  if (!x->may_block)
    csan_rt_errors_launch_begin(&x->marks, &fl, o->op.slot, o->cu);
  if (!x->n) {
    if (x->may_block)
      csan_rt_op_end(o, true);
    return true;
  }
  csan_rt_op_ctx(o, CSAN_CTX_F_RANGE_OP);
  if (x->peer) {
    /* Serialized with all earlier work of the device (cudaMemcpyPeer). */
    for (uint32_t s = 0; s < CSAN_MAX_SLOTS; s++)
      if (s != o->op.slot && device.c[s] > o->ctx.vc[s])
        o->ctx.vc[s] = device.c[s];
  }
  for (size_t i = 0; i < x->n; i++) {
    const csan_region *r = &x->r[i];
    csan_rt_shadow_access(o->cu, &o->ctx, r, x->bytes ? x->bytes : r->width * r->rows * r->slices,
                          x->acc[i]);
  }
  if (x->may_block)
    csan_rt_op_end(o, true);
  return true;
}

/* After a call that csan_rt_xfer_begin modelled. */
void csan_rt_xfer_end(csan_rt_xfer *x, csan_rt_op *o, bool ok) {
  if (!x->may_block)
    csan_rt_errors_launch_end(&x->marks, o->cu, ok);
  csan_vc vc;
  bool wait = ok && x->wait != CSAN_WAIT_NONE;
  if (wait) {
    vc = o->op.vc;
    if (x->wait == CSAN_WAIT_ALL)
      vc.c[o->op.slot] = o->op.epoch;
  }
  csan_rt_op_end(o, ok); /* nothing left to do when csan_rt_xfer_begin committed */
  if (wait)
    csan_rt_host_observed(&vc);
  csan_rt_xfer_free(x);
}

void csan_rt_xfer_footprint(csan_rt_xfer *x, const csan_lm_fp *fp) {
  for (size_t i = 0; i < fp->n; i++) {
    const csan_lm_region *lr = &fp->r[i];
    csan_region r = {lr->base, lr->width, lr->rows, lr->pitch, lr->slices, lr->slice_pitch};
    uint32_t acc = (lr->access & CSAN_LM_WRITE ? CSAN_ACC_WRITE : CSAN_ACC_READ) |
                   (lr->access & CSAN_LM_ATOMIC ? CSAN_ACC_ATOMIC : 0);
    csan_rt_xfer_region(x, csan_rt_mem_class((const void *)(uintptr_t)lr->base), r, acc);
  }
}
