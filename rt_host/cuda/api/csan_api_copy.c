/* csan_api_copy.c: memcpy and memset of every shape (DESIGN.md, decision 11).
 *
 * Each call is one operation on its stream (the synchronous ones on the
 * default stream: legacy, or the thread's per-thread stream under _ptds).
 * Just before the CUDA call, csan_rk_access runs on the same stream with the
 * operation's context: reads of the source region, writes of the destination
 * region, each where it is tracked device memory (2D/3D: the strided region;
 * symbols: the variable's device address + offset; peer copies: as
 * device-to-device; batches: every element).
 *
 * Each side is classified: the allocation registry first (tracked device
 * memory, live or freed, and pinned host memory), then cuPointerGetAttribute
 * for pointers csan did not see allocated (untracked device memory, pinned host memory, or
 * pageable host memory when the driver does not know it). cudaMemcpyDefault
 * needs nothing more: the classes give the direction.
 *
 * What the host waits for ("API synchronization behavior" of the CUDA
 * runtime), for the synchronous calls:
 *   pageable host -> device   the work before the copy, not the copy
 *   pinned host -> device,
 *   device -> any host,
 *   host -> host              the copy itself
 *   device -> device          nothing
 *   cudaMemset                nothing, unless the target is pinned host memory
 * Asynchronous calls never make the host wait. A failed range launch never
 * changes what the application's call returns.
 */
#include "csan_rt_device.h"
#include "csan_rt_ops.h"
#include "csan_rt_shadow.h"
#include "csan_rt_vars.h"

#include <stdlib.h>
#include <string.h>

typedef enum mem_class {
  MEM_PAGEABLE = 0,     /* host memory CUDA does not know */
  MEM_PINNED,           /* page-locked host memory */
  MEM_DEVICE_UNTRACKED, /* device memory csan did not see allocated */
  MEM_DEVICE_TRACKED    /* device memory with shadow */
} mem_class;

static mem_class classify(const void *p) {
  if (!p)
    return MEM_PAGEABLE;
  csan_alloc_info a;
  /* A freed block is still tracked: its shadow holds the FREE markers that
   * make a copy into it a use-after-free. */
  if (csan_allocs_find(csan_g.allocs, (uint64_t)(uintptr_t)p, &a))
    return (a.flags & CSAN_ALLOC_HOST_PINNED) ? MEM_PINNED : MEM_DEVICE_TRACKED;
  if (csan_allocs_find_freed(csan_g.allocs, (uint64_t)(uintptr_t)p, &a) &&
      !(a.flags & CSAN_ALLOC_HOST_PINNED))
    return MEM_DEVICE_TRACKED;
  unsigned int type = 0;
  if (csan_g.drv.cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                       (CUdeviceptr)(uintptr_t)p) != CUDA_SUCCESS)
    return MEM_PAGEABLE;
  return type == CU_MEMORYTYPE_HOST ? MEM_PINNED : MEM_DEVICE_UNTRACKED;
}

static bool is_host(mem_class c) {
  return c == MEM_PAGEABLE || c == MEM_PINNED;
}

/* [p, p + n) as a region (csan_rt_shadow.h). */
static csan_region linear(const void *p, uint64_t n) {
  return csan_region_linear((uint64_t)(uintptr_t)p, n);
}

/* Host waits after the call (the synchronous rules above). */
typedef enum host_wait {
  WAIT_NONE = 0,
  WAIT_BEFORE, /* the work before the operation */
  WAIT_ALL     /* the operation too */
} host_wait;

/* One transfer in the making. */
#define XFER_INLINE 4
typedef struct xfer {
  const char *api;   /* without _ptsz/_ptds */
  bool sync;         /* a synchronous call */
  bool pt;           /* _ptsz/_ptds */
  bool set;          /* a memset */
  cudaStream_t stream;
  uint64_t bytes;    /* the operation's length */
  size_t n;          /* regions to check */
  csan_region inline_r[XFER_INLINE];
  uint32_t inline_a[XFER_INLINE];
  csan_region *r;
  uint32_t *acc;
  size_t cap;
  host_wait wait;
  bool peer;         /* cudaMemcpyPeer: after all earlier work of the device */
  bool may_block;    /* the call may wait for the device (see xfer_begin) */
} xfer;

static void xfer_init(xfer *x, const char *api, bool sync, bool pt, cudaStream_t stream) {
  memset(x, 0, sizeof *x);
  x->api = api;
  x->sync = sync;
  x->pt = pt;
  x->stream = sync ? NULL : stream;
  x->may_block = sync;
  x->r = x->inline_r;
  x->acc = x->inline_a;
  x->cap = XFER_INLINE;
}

static void xfer_free(xfer *x) {
  if (x->r != x->inline_r) {
    free(x->r);
    free(x->acc);
  }
}

/* Adds a region to check if it is tracked device memory. */
static void xfer_region(xfer *x, mem_class c, csan_region r, uint32_t access) {
  if (c != MEM_DEVICE_TRACKED || !r.width || !r.rows || !r.slices)
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
    xfer_free(x);
    x->r = nr;
    x->acc = na;
    x->cap = cap;
  }
  x->r[x->n] = r;
  x->acc[x->n] = access;
  x->n++;
}

/* The host's wait for a synchronous copy from src to dst. */
static host_wait copy_wait(const xfer *x, mem_class dst, mem_class src) {
  if (!x->sync)
    return WAIT_NONE;
  if (is_host(src) && !is_host(dst))
    return src == MEM_PAGEABLE ? WAIT_BEFORE : WAIT_ALL;
  if (is_host(dst))
    return WAIT_ALL;
  return WAIT_NONE;
}

/* A copy: classifies both sides, adds their regions, sets the wait. */
static void xfer_copy(xfer *x, const void *dst, csan_region dr, const void *src, csan_region sr) {
  mem_class dc = classify(dst), sc = classify(src);
  xfer_region(x, sc, sr, CSAN_ACC_READ);
  xfer_region(x, dc, dr, CSAN_ACC_WRITE);
  x->wait = copy_wait(x, dc, sc);
  /* Asynchronous copies with pageable memory may wait too (staging, or
   * until a copy to pageable memory is done). */
  x->may_block = x->sync || dc == MEM_PAGEABLE || sc == MEM_PAGEABLE;
}

static void xfer_set(xfer *x, const void *dst, csan_region dr) {
  mem_class dc = classify(dst);
  xfer_region(x, dc, dr, CSAN_ACC_WRITE);
  x->set = true;
  x->wait = x->sync && dc == MEM_PINNED ? WAIT_ALL : WAIT_NONE;
  x->may_block = x->sync;
}

/* Up to the CUDA call: false means pass the call through unmodelled.
 *
 * A call that may wait for the device (a synchronous copy waits for the work
 * before it and often for itself) must not hold the model lock while it
 * waits: its operation is committed before the call, after its range checks
 * were launched. If the call then fails, the operation still stands (its
 * checks ran anyway); such calls fail on bad arguments, before any work. */
static bool xfer_begin(xfer *x, csan_rt_op *o, const csan_host_site *site, const void *ra) {
  csan_vc device;
  if (x->peer)
    csan_model_device_clock(csan_g.model, &device);
  csan_rt_op_desc d = {x->set ? CSAN_OPK_SET : CSAN_OPK_COPY, x->api, x->bytes, NULL, site,
                       csan_rt_stack(ra, site)};
  if (!csan_rt_op_begin(o, x->stream, x->pt, &d))
    return false;
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
    csan_rt_shadow_access(o->cu, &o->ctx, &x->r[i], x->bytes, x->acc[i]);
  }
  if (x->may_block)
    csan_rt_op_end(o, true);
  return true;
}

/* After a call that xfer_begin modelled. */
static cudaError_t xfer_end(xfer *x, csan_rt_op *o, cudaError_t r) {
  bool ok = r == cudaSuccess;
  csan_vc vc;
  bool wait = ok && x->wait != WAIT_NONE;
  if (wait) {
    vc = o->op.vc;
    if (x->wait == WAIT_ALL)
      vc.c[o->op.slot] = o->op.epoch;
  }
  csan_rt_op_end(o, ok); /* nothing left to do when xfer_begin committed */
  if (wait)
    csan_rt_host_observed(&vc);
  xfer_free(x);
  return r;
}

/* The common shape of every wrapper below: classify, begin, call, end. Work
 * for another device than csan's, and work captured into a graph, pass
 * through (the latter before anything of csan's can happen inside the
 * capture, such as resolving variables). */
#define CSAN_XFER(pt_, setup, real_call)                                                       \
  do {                                                                                         \
    if (!csan_rt_active() || !csan_rt_work_on_device(stream, pt_) ||                           \
        csan_rt_capturing(stream, pt_))                                                        \
      return (real_call);                                                                      \
    csan_rt_vars_resolve();                                                                    \
    setup;                                                                                     \
    csan_rt_op o;                                                                              \
    if (!xfer_begin(&x, &o, site, __builtin_return_address(0))) {                              \
      xfer_free(&x);                                                                           \
      return (real_call);                                                                      \
    }                                                                                          \
    return xfer_end(&x, &o, (real_call));                                                      \
  } while (0)

/* ------------------------------------------------------------------------
 * 1-D copies.
 * ---------------------------------------------------------------------- */

#define CSAN_MEMCPY_SETUP(api_, sync_, pt_)                                                    \
  xfer x;                                                                                      \
  xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  x.bytes = count;                                                                             \
  xfer_copy(&x, dst, linear(dst, count), src, linear(src, count))

CSAN_EXPORT cudaError_t __csan_cudaMemcpy(void *dst, const void *src, size_t count,
                                          enum cudaMemcpyKind kind, const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(false, CSAN_MEMCPY_SETUP("cudaMemcpy", true, false), cudaMemcpy(dst, src, count, kind));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy_ptds(void *dst, const void *src, size_t count,
                                               enum cudaMemcpyKind kind,
                                               const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(true, CSAN_MEMCPY_SETUP("cudaMemcpy", true, true),
            cudaMemcpy_ptds(dst, src, count, kind));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                               enum cudaMemcpyKind kind, cudaStream_t stream,
                                               const csan_host_site *site) {
  CSAN_XFER(false, CSAN_MEMCPY_SETUP("cudaMemcpyAsync", false, false),
            cudaMemcpyAsync(dst, src, count, kind, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyAsync_ptsz(void *dst, const void *src, size_t count,
                                                    enum cudaMemcpyKind kind, cudaStream_t stream,
                                                    const csan_host_site *site) {
  CSAN_XFER(true, CSAN_MEMCPY_SETUP("cudaMemcpyAsync", false, true),
            cudaMemcpyAsync_ptsz(dst, src, count, kind, stream));
}

/* ------------------------------------------------------------------------
 * 2-D copies.
 * ---------------------------------------------------------------------- */

#define CSAN_MEMCPY2D_SETUP(api_, sync_, pt_)                                                  \
  xfer x;                                                                                      \
  xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  x.bytes = (uint64_t)width * height;                                                          \
  csan_region dr_ = {(uint64_t)(uintptr_t)dst, width, height, dpitch, 1, 0};                        \
  csan_region sr_ = {(uint64_t)(uintptr_t)src, width, height, spitch, 1, 0};                        \
  xfer_copy(&x, dst, dr_, src, sr_)

CSAN_EXPORT cudaError_t __csan_cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                                            size_t spitch, size_t width, size_t height,
                                            enum cudaMemcpyKind kind,
                                            const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(false, CSAN_MEMCPY2D_SETUP("cudaMemcpy2D", true, false),
            cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy2D_ptds(void *dst, size_t dpitch, const void *src,
                                                 size_t spitch, size_t width, size_t height,
                                                 enum cudaMemcpyKind kind,
                                                 const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(true, CSAN_MEMCPY2D_SETUP("cudaMemcpy2D", true, true),
            cudaMemcpy2D_ptds(dst, dpitch, src, spitch, width, height, kind));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                                                 size_t spitch, size_t width, size_t height,
                                                 enum cudaMemcpyKind kind, cudaStream_t stream,
                                                 const csan_host_site *site) {
  CSAN_XFER(false, CSAN_MEMCPY2D_SETUP("cudaMemcpy2DAsync", false, false),
            cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy2DAsync_ptsz(void *dst, size_t dpitch, const void *src,
                                                      size_t spitch, size_t width, size_t height,
                                                      enum cudaMemcpyKind kind,
                                                      cudaStream_t stream,
                                                      const csan_host_site *site) {
  CSAN_XFER(true, CSAN_MEMCPY2D_SETUP("cudaMemcpy2DAsync", false, true),
            cudaMemcpy2DAsync_ptsz(dst, dpitch, src, spitch, width, height, kind, stream));
}

/* ------------------------------------------------------------------------
 * 3-D copies (also between devices: one device is modelled).
 * ---------------------------------------------------------------------- */

/* The linear side of a 3-D copy. A side that is a CUDA array is not tracked,
 * and the linear side of an array copy is not checked (its width is in array
 * elements, not bytes). */
static csan_region side3d(struct cudaPitchedPtr ptr, struct cudaPos pos, struct cudaExtent e) {
  uint64_t slice = (uint64_t)ptr.pitch * ptr.ysize;
  csan_region r = {(uint64_t)(uintptr_t)ptr.ptr + pos.z * slice + pos.y * ptr.pitch + pos.x,
              e.width, e.height ? e.height : 1, ptr.pitch, e.depth ? e.depth : 1, slice};
  return r;
}

static void xfer_copy3d(xfer *x, cudaArray_t dst_array, struct cudaPitchedPtr dst,
                        struct cudaPos dpos, cudaArray_t src_array, struct cudaPitchedPtr src,
                        struct cudaPos spos, struct cudaExtent e) {
  x->bytes = (uint64_t)e.width * (e.height ? e.height : 1) * (e.depth ? e.depth : 1);
  if (dst_array || src_array) {
    mem_class dc = dst_array ? MEM_DEVICE_UNTRACKED : classify(dst.ptr);
    mem_class sc = src_array ? MEM_DEVICE_UNTRACKED : classify(src.ptr);
    x->wait = copy_wait(x, dc, sc);
    x->may_block = x->sync || dc == MEM_PAGEABLE || sc == MEM_PAGEABLE;
    return;
  }
  xfer_copy(x, dst.ptr, side3d(dst, dpos, e), src.ptr, side3d(src, spos, e));
}

#define CSAN_MEMCPY3D_SETUP(api_, sync_, pt_)                                                  \
  xfer x;                                                                                      \
  xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  if (p)                                                                                       \
  xfer_copy3d(&x, p->dstArray, p->dstPtr, p->dstPos, p->srcArray, p->srcPtr, p->srcPos,       \
              p->extent)

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3D(const struct cudaMemcpy3DParms *p,
                                            const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(false, CSAN_MEMCPY3D_SETUP("cudaMemcpy3D", true, false), cudaMemcpy3D(p));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3D_ptds(const struct cudaMemcpy3DParms *p,
                                                 const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(true, CSAN_MEMCPY3D_SETUP("cudaMemcpy3D", true, true), cudaMemcpy3D_ptds(p));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
                                                 cudaStream_t stream,
                                                 const csan_host_site *site) {
  CSAN_XFER(false, CSAN_MEMCPY3D_SETUP("cudaMemcpy3DAsync", false, false),
            cudaMemcpy3DAsync(p, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3DAsync_ptsz(const struct cudaMemcpy3DParms *p,
                                                      cudaStream_t stream,
                                                      const csan_host_site *site) {
  CSAN_XFER(true, CSAN_MEMCPY3D_SETUP("cudaMemcpy3DAsync", false, true),
            cudaMemcpy3DAsync_ptsz(p, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p,
                                                const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(false, CSAN_MEMCPY3D_SETUP("cudaMemcpy3DPeer", true, false), cudaMemcpy3DPeer(p));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3DPeer_ptds(const struct cudaMemcpy3DPeerParms *p,
                                                     const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(true, CSAN_MEMCPY3D_SETUP("cudaMemcpy3DPeer", true, true), cudaMemcpy3DPeer_ptds(p));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p,
                                                     cudaStream_t stream,
                                                     const csan_host_site *site) {
  CSAN_XFER(false, CSAN_MEMCPY3D_SETUP("cudaMemcpy3DPeerAsync", false, false),
            cudaMemcpy3DPeerAsync(p, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3DPeerAsync_ptsz(const struct cudaMemcpy3DPeerParms *p,
                                                          cudaStream_t stream,
                                                          const csan_host_site *site) {
  CSAN_XFER(true, CSAN_MEMCPY3D_SETUP("cudaMemcpy3DPeerAsync", false, true),
            cudaMemcpy3DPeerAsync_ptsz(p, stream));
}

/* ------------------------------------------------------------------------
 * Peer copies: device to device (one device is modelled).
 * ---------------------------------------------------------------------- */

CSAN_EXPORT cudaError_t __csan_cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                                              int srcDevice, size_t count,
                                              const csan_host_site *site) {
  cudaStream_t stream = NULL;
  /* "serialized with respect to all pending and future asynchronous work in
   * to the current device": after everything issued before it. */
  CSAN_XFER(false, CSAN_MEMCPY_SETUP("cudaMemcpyPeer", true, false); x.peer = true,
            cudaMemcpyPeer(dst, dstDevice, src, srcDevice, count));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src,
                                                   int srcDevice, size_t count,
                                                   cudaStream_t stream,
                                                   const csan_host_site *site) {
  CSAN_XFER(false, CSAN_MEMCPY_SETUP("cudaMemcpyPeerAsync", false, false),
            cudaMemcpyPeerAsync(dst, dstDevice, src, srcDevice, count, stream));
}

/* ------------------------------------------------------------------------
 * Symbols.
 * ---------------------------------------------------------------------- */

/* The device address of a symbol: a registered variable, else CUDA's
 * answer (0 if none). */
static void *symbol_address(const void *symbol) {
  uint64_t d = csan_rt_var_address(symbol);
  if (d)
    return (void *)(uintptr_t)d;
  void *p = NULL;
  csan_rt_own own; /* may load the module */
  csan_rt_own_begin(&own);
  bool clean = csan_rt_err_save();
  cudaError_t e = cudaGetSymbolAddress(&p, symbol);
  csan_rt_err_restore(clean, e);
  csan_rt_own_end(&own);
  return e == cudaSuccess ? p : NULL;
}

static void xfer_to_symbol(xfer *x, const void *symbol, const void *src, size_t count,
                           size_t offset) {
  x->bytes = count;
  char *d = symbol_address(symbol);
  if (!d) { /* not a symbol: the call fails on its own */
    x->wait = WAIT_NONE;
    x->may_block = x->sync;
    return;
  }
  xfer_copy(x, d + offset, linear(d + offset, count), src, linear(src, count));
}

static void xfer_from_symbol(xfer *x, void *dst, const void *symbol, size_t count,
                             size_t offset) {
  x->bytes = count;
  char *s = symbol_address(symbol);
  if (!s) {
    x->wait = WAIT_NONE;
    x->may_block = x->sync;
    return;
  }
  xfer_copy(x, dst, linear(dst, count), s + offset, linear(s + offset, count));
}

#define CSAN_TO_SYMBOL_SETUP(api_, sync_, pt_)                                                 \
  xfer x;                                                                                      \
  xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  xfer_to_symbol(&x, symbol, src, count, offset)

#define CSAN_FROM_SYMBOL_SETUP(api_, sync_, pt_)                                               \
  xfer x;                                                                                      \
  xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  xfer_from_symbol(&x, dst, symbol, count, offset)

CSAN_EXPORT cudaError_t __csan_cudaMemcpyToSymbol(const void *symbol, const void *src,
                                                  size_t count, size_t offset,
                                                  enum cudaMemcpyKind kind,
                                                  const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(false, CSAN_TO_SYMBOL_SETUP("cudaMemcpyToSymbol", true, false),
            cudaMemcpyToSymbol(symbol, src, count, offset, kind));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyToSymbol_ptds(const void *symbol, const void *src,
                                                       size_t count, size_t offset,
                                                       enum cudaMemcpyKind kind,
                                                       const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(true, CSAN_TO_SYMBOL_SETUP("cudaMemcpyToSymbol", true, true),
            cudaMemcpyToSymbol_ptds(symbol, src, count, offset, kind));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyToSymbolAsync(const void *symbol, const void *src,
                                                       size_t count, size_t offset,
                                                       enum cudaMemcpyKind kind,
                                                       cudaStream_t stream,
                                                       const csan_host_site *site) {
  CSAN_XFER(false, CSAN_TO_SYMBOL_SETUP("cudaMemcpyToSymbolAsync", false, false),
            cudaMemcpyToSymbolAsync(symbol, src, count, offset, kind, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyToSymbolAsync_ptsz(const void *symbol, const void *src,
                                                            size_t count, size_t offset,
                                                            enum cudaMemcpyKind kind,
                                                            cudaStream_t stream,
                                                            const csan_host_site *site) {
  CSAN_XFER(true, CSAN_TO_SYMBOL_SETUP("cudaMemcpyToSymbolAsync", false, true),
            cudaMemcpyToSymbolAsync_ptsz(symbol, src, count, offset, kind, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                                    size_t offset, enum cudaMemcpyKind kind,
                                                    const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(false, CSAN_FROM_SYMBOL_SETUP("cudaMemcpyFromSymbol", true, false),
            cudaMemcpyFromSymbol(dst, symbol, count, offset, kind));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyFromSymbol_ptds(void *dst, const void *symbol,
                                                         size_t count, size_t offset,
                                                         enum cudaMemcpyKind kind,
                                                         const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(true, CSAN_FROM_SYMBOL_SETUP("cudaMemcpyFromSymbol", true, true),
            cudaMemcpyFromSymbol_ptds(dst, symbol, count, offset, kind));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyFromSymbolAsync(void *dst, const void *symbol,
                                                         size_t count, size_t offset,
                                                         enum cudaMemcpyKind kind,
                                                         cudaStream_t stream,
                                                         const csan_host_site *site) {
  CSAN_XFER(false, CSAN_FROM_SYMBOL_SETUP("cudaMemcpyFromSymbolAsync", false, false),
            cudaMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyFromSymbolAsync_ptsz(void *dst, const void *symbol,
                                                              size_t count, size_t offset,
                                                              enum cudaMemcpyKind kind,
                                                              cudaStream_t stream,
                                                              const csan_host_site *site) {
  CSAN_XFER(true, CSAN_FROM_SYMBOL_SETUP("cudaMemcpyFromSymbolAsync", false, true),
            cudaMemcpyFromSymbolAsync_ptsz(dst, symbol, count, offset, kind, stream));
}

/* ------------------------------------------------------------------------
 * Batches: one operation, every element checked.
 * ---------------------------------------------------------------------- */

static void xfer_batch(xfer *x, void *const *dsts, const void *const *srcs, const size_t *sizes,
                       size_t count) {
  for (size_t i = 0; dsts && srcs && sizes && i < count; i++) {
    x->bytes += sizes[i];
    mem_class dc = classify(dsts[i]), sc = classify(srcs[i]);
    xfer_region(x, sc, linear(srcs[i], sizes[i]), CSAN_ACC_READ);
    xfer_region(x, dc, linear(dsts[i], sizes[i]), CSAN_ACC_WRITE);
    x->may_block |= dc == MEM_PAGEABLE || sc == MEM_PAGEABLE;
  }
}

#define CSAN_BATCH_SETUP(pt_)                                                                  \
  xfer x;                                                                                      \
  xfer_init(&x, "cudaMemcpyBatchAsync", false, pt_, stream);                                   \
  xfer_batch(&x, dsts, srcs, sizes, count)

CSAN_EXPORT cudaError_t __csan_cudaMemcpyBatchAsync(void *const *dsts, const void *const *srcs,
                                                    const size_t *sizes, size_t count,
                                                    struct cudaMemcpyAttributes *attrs,
                                                    size_t *attrsIdxs, size_t numAttrs,
                                                    cudaStream_t stream,
                                                    const csan_host_site *site) {
  CSAN_XFER(false, CSAN_BATCH_SETUP(false),
            cudaMemcpyBatchAsync(dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyBatchAsync_ptsz(void *const *dsts,
                                                         const void *const *srcs,
                                                         const size_t *sizes, size_t count,
                                                         struct cudaMemcpyAttributes *attrs,
                                                         size_t *attrsIdxs, size_t numAttrs,
                                                         cudaStream_t stream,
                                                         const csan_host_site *site) {
  CSAN_XFER(true, CSAN_BATCH_SETUP(true),
            cudaMemcpyBatchAsync_ptsz(dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs,
                                      stream));
}

/* ------------------------------------------------------------------------
 * Sets.
 * ---------------------------------------------------------------------- */

#define CSAN_MEMSET_SETUP(api_, sync_, pt_)                                                    \
  xfer x;                                                                                      \
  xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  x.bytes = count;                                                                             \
  xfer_set(&x, devPtr, linear(devPtr, count))

CSAN_EXPORT cudaError_t __csan_cudaMemset(void *devPtr, int value, size_t count,
                                          const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(false, CSAN_MEMSET_SETUP("cudaMemset", true, false), cudaMemset(devPtr, value, count));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset_ptds(void *devPtr, int value, size_t count,
                                               const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(true, CSAN_MEMSET_SETUP("cudaMemset", true, true),
            cudaMemset_ptds(devPtr, value, count));
}

CSAN_EXPORT cudaError_t __csan_cudaMemsetAsync(void *devPtr, int value, size_t count,
                                               cudaStream_t stream, const csan_host_site *site) {
  CSAN_XFER(false, CSAN_MEMSET_SETUP("cudaMemsetAsync", false, false),
            cudaMemsetAsync(devPtr, value, count, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemsetAsync_ptsz(void *devPtr, int value, size_t count,
                                                    cudaStream_t stream,
                                                    const csan_host_site *site) {
  CSAN_XFER(true, CSAN_MEMSET_SETUP("cudaMemsetAsync", false, true),
            cudaMemsetAsync_ptsz(devPtr, value, count, stream));
}

#define CSAN_MEMSET2D_SETUP(api_, sync_, pt_)                                                  \
  xfer x;                                                                                      \
  xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  x.bytes = (uint64_t)width * height;                                                          \
  csan_region r_ = {(uint64_t)(uintptr_t)devPtr, width, height, pitch, 1, 0};                       \
  xfer_set(&x, devPtr, r_)

CSAN_EXPORT cudaError_t __csan_cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width,
                                            size_t height, const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(false, CSAN_MEMSET2D_SETUP("cudaMemset2D", true, false),
            cudaMemset2D(devPtr, pitch, value, width, height));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset2D_ptds(void *devPtr, size_t pitch, int value,
                                                 size_t width, size_t height,
                                                 const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(true, CSAN_MEMSET2D_SETUP("cudaMemset2D", true, true),
            cudaMemset2D_ptds(devPtr, pitch, value, width, height));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset2DAsync(void *devPtr, size_t pitch, int value,
                                                 size_t width, size_t height, cudaStream_t stream,
                                                 const csan_host_site *site) {
  CSAN_XFER(false, CSAN_MEMSET2D_SETUP("cudaMemset2DAsync", false, false),
            cudaMemset2DAsync(devPtr, pitch, value, width, height, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset2DAsync_ptsz(void *devPtr, size_t pitch, int value,
                                                      size_t width, size_t height,
                                                      cudaStream_t stream,
                                                      const csan_host_site *site) {
  CSAN_XFER(true, CSAN_MEMSET2D_SETUP("cudaMemset2DAsync", false, true),
            cudaMemset2DAsync_ptsz(devPtr, pitch, value, width, height, stream));
}

#define CSAN_MEMSET3D_SETUP(api_, sync_, pt_)                                                  \
  xfer x;                                                                                      \
  xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  struct cudaPos zero_ = {0, 0, 0};                                                            \
  csan_region r_ = side3d(pitchedDevPtr, zero_, extent);                                            \
  x.bytes = r_.width * r_.rows * r_.slices;                                                    \
  xfer_set(&x, pitchedDevPtr.ptr, r_)

CSAN_EXPORT cudaError_t __csan_cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value,
                                            struct cudaExtent extent,
                                            const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(false, CSAN_MEMSET3D_SETUP("cudaMemset3D", true, false),
            cudaMemset3D(pitchedDevPtr, value, extent));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset3D_ptds(struct cudaPitchedPtr pitchedDevPtr, int value,
                                                 struct cudaExtent extent,
                                                 const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER(true, CSAN_MEMSET3D_SETUP("cudaMemset3D", true, true),
            cudaMemset3D_ptds(pitchedDevPtr, value, extent));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value,
                                                 struct cudaExtent extent, cudaStream_t stream,
                                                 const csan_host_site *site) {
  CSAN_XFER(false, CSAN_MEMSET3D_SETUP("cudaMemset3DAsync", false, false),
            cudaMemset3DAsync(pitchedDevPtr, value, extent, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset3DAsync_ptsz(struct cudaPitchedPtr pitchedDevPtr,
                                                      int value, struct cudaExtent extent,
                                                      cudaStream_t stream,
                                                      const csan_host_site *site) {
  CSAN_XFER(true, CSAN_MEMSET3D_SETUP("cudaMemset3DAsync", false, true),
            cudaMemset3DAsync_ptsz(pitchedDevPtr, value, extent, stream));
}
