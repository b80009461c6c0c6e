/* csan_api_copy.c: memcpy and memset of every shape (DESIGN.md, decision 11).
 *
 * Each call is one operation on its stream (the synchronous ones on the
 * default stream: legacy, or the thread's per-thread stream under _ptds).
 * Just before the CUDA call, csan_rk_access runs on the same stream with the
 * operation's context: reads of the source region, writes of the destination
 * region, each where it is tracked device memory (2D/3D: the strided region;
 * symbols: the variable's device address + offset; peer copies: as
 * device-to-device; batches: every element). The machinery (classes,
 * regions, the host's waits) is the service csan_rt_xfer.c, which the
 * driver API's copies and the library calls share.
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
#include "csan_rt_capture.h"
#include "csan_rt_device.h"
#include "csan_rt_errors.h"
#include "csan_rt_libcap.h"
#include "csan_rt_ops.h"
#include "csan_rt_shadow.h"
#include "csan_rt_vars.h"
#include "csan_rt_xfer.h"
#include "csan_unchecked.h"

#include <stdlib.h>
#include <string.h>

/* [p, p + n) as a region (csan_rt_shadow.h). */
static csan_region linear(const void *p, uint64_t n) {
  return csan_region_linear((uint64_t)(uintptr_t)p, n);
}

/* After a call that csan_rt_xfer_begin modelled. */
static cudaError_t xfer_end(csan_rt_xfer *x, csan_rt_op *o, cudaError_t r,
                            const csan_host_site *site, const void *ra) {
  csan_rt_xfer_end(x, o, r == cudaSuccess);
  csan_rt_errors_result(r, x->api, site, ra);
  return r;
}

/* A copy or set on a capturing stream: its device footprint becomes csan's
 * check nodes in the capture (csan_rt_libcap.h); host memory it uses is
 * not checked in the graph (as for a captured library call). */
static void xfer_capture(csan_rt_xfer *x, csan_rt_libcap_call *cc, const csan_host_site *site,
                         const void *ra) {
  if (x->nh)
    csan_unchecked_add("host memory used by a copy or set captured into a graph",
                       "csan records host memory a copy uses when it is issued on a stream; in "
                       "a graph it is not checked",
                       site);
  csan_rt_libcap_issue(cc, x, site, ra);
  csan_rt_xfer_free(x);
}

/* The common shape of every wrapper below: csan_rt_mem_class, begin, call, end. Work
 * for another device than csan's, and work captured into a graph, pass
 * through (the latter before anything of csan's can happen inside the
 * capture, such as resolving variables). CSAN_XFER_CAP (copies and sets of
 * plain pointers, whose footprint needs no variable resolved): on a
 * capturing stream the footprint becomes csan's check nodes in the capture
 * right before the call's node, as for a captured library call
 * (csan_rt_libcap.h): the copy is checked at every launch of the graph,
 * also in a graph with memory nodes, which csan cannot add nodes to later. */
#define CSAN_XFER(pt_, setup, real_call)                                                       \
  do {                                                                                         \
    if (!csan_rt_active() || !csan_rt_work_on_device(stream, pt_) ||                           \
        csan_rt_capture_op(stream, pt_, site, __builtin_return_address(0)))                    \
      return (real_call);                                                                      \
    csan_rt_vars_resolve();                                                                    \
    setup;                                                                                     \
    csan_rt_op o;                                                                              \
    if (!csan_rt_xfer_begin(&x, &o, site, __builtin_return_address(0))) {                              \
      csan_rt_xfer_free(&x);                                                                           \
      return (real_call);                                                                      \
    }                                                                                          \
    return xfer_end(&x, &o, (real_call), site, __builtin_return_address(0));                    \
  } while (0)

#define CSAN_XFER_CAP(pt_, setup, real_call)                                                   \
  do {                                                                                         \
    if (!csan_rt_active() || !csan_rt_work_on_device(stream, pt_))                             \
      return (real_call);                                                                      \
    if (csan_rt_capture_op(stream, pt_, site, __builtin_return_address(0))) {                  \
      setup;                                                                                   \
      csan_rt_libcap_call cc_;                                                                 \
      xfer_capture(&x, &cc_, site, __builtin_return_address(0));                               \
      cudaError_t cr_ = (real_call);                                                           \
      csan_rt_libcap_end(&cc_, cr_ == cudaSuccess);                                            \
      return cr_;                                                                              \
    }                                                                                          \
    csan_rt_vars_resolve();                                                                    \
    setup;                                                                                     \
    csan_rt_op o;                                                                              \
    if (!csan_rt_xfer_begin(&x, &o, site, __builtin_return_address(0))) {                      \
      csan_rt_xfer_free(&x);                                                                   \
      return (real_call);                                                                      \
    }                                                                                          \
    return xfer_end(&x, &o, (real_call), site, __builtin_return_address(0));                   \
  } while (0)

/* ------------------------------------------------------------------------
 * 1-D copies.
 * ---------------------------------------------------------------------- */

#define CSAN_MEMCPY_SETUP(api_, sync_, pt_)                                                    \
  csan_rt_xfer x;                                                                              \
  csan_rt_xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  x.bytes = count;                                                                             \
  csan_rt_xfer_copy(&x, dst, linear(dst, count), src, linear(src, count))

CSAN_EXPORT cudaError_t __csan_cudaMemcpy(void *dst, const void *src, size_t count,
                                          enum cudaMemcpyKind kind, const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(false, CSAN_MEMCPY_SETUP("cudaMemcpy", true, false), cudaMemcpy(dst, src, count, kind));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy_ptds(void *dst, const void *src, size_t count,
                                               enum cudaMemcpyKind kind,
                                               const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(true, CSAN_MEMCPY_SETUP("cudaMemcpy", true, true),
            cudaMemcpy_ptds(dst, src, count, kind));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                               enum cudaMemcpyKind kind, cudaStream_t stream,
                                               const csan_host_site *site) {
  CSAN_XFER_CAP(false, CSAN_MEMCPY_SETUP("cudaMemcpyAsync", false, false),
            cudaMemcpyAsync(dst, src, count, kind, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyAsync_ptsz(void *dst, const void *src, size_t count,
                                                    enum cudaMemcpyKind kind, cudaStream_t stream,
                                                    const csan_host_site *site) {
  CSAN_XFER_CAP(true, CSAN_MEMCPY_SETUP("cudaMemcpyAsync", false, true),
            cudaMemcpyAsync_ptsz(dst, src, count, kind, stream));
}

/* ------------------------------------------------------------------------
 * 2-D copies.
 * ---------------------------------------------------------------------- */

#define CSAN_MEMCPY2D_SETUP(api_, sync_, pt_)                                                  \
  csan_rt_xfer x;                                                                              \
  csan_rt_xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  x.bytes = (uint64_t)width * height;                                                          \
  csan_region dr_ = {(uint64_t)(uintptr_t)dst, width, height, dpitch, 1, 0};                        \
  csan_region sr_ = {(uint64_t)(uintptr_t)src, width, height, spitch, 1, 0};                        \
  csan_rt_xfer_copy(&x, dst, dr_, src, sr_)

CSAN_EXPORT cudaError_t __csan_cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                                            size_t spitch, size_t width, size_t height,
                                            enum cudaMemcpyKind kind,
                                            const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(false, CSAN_MEMCPY2D_SETUP("cudaMemcpy2D", true, false),
            cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy2D_ptds(void *dst, size_t dpitch, const void *src,
                                                 size_t spitch, size_t width, size_t height,
                                                 enum cudaMemcpyKind kind,
                                                 const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(true, CSAN_MEMCPY2D_SETUP("cudaMemcpy2D", true, true),
            cudaMemcpy2D_ptds(dst, dpitch, src, spitch, width, height, kind));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                                                 size_t spitch, size_t width, size_t height,
                                                 enum cudaMemcpyKind kind, cudaStream_t stream,
                                                 const csan_host_site *site) {
  CSAN_XFER_CAP(false, CSAN_MEMCPY2D_SETUP("cudaMemcpy2DAsync", false, false),
            cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy2DAsync_ptsz(void *dst, size_t dpitch, const void *src,
                                                      size_t spitch, size_t width, size_t height,
                                                      enum cudaMemcpyKind kind,
                                                      cudaStream_t stream,
                                                      const csan_host_site *site) {
  CSAN_XFER_CAP(true, CSAN_MEMCPY2D_SETUP("cudaMemcpy2DAsync", false, true),
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

static void xfer_copy3d(csan_rt_xfer *x, cudaArray_t dst_array, struct cudaPitchedPtr dst,
                        struct cudaPos dpos, cudaArray_t src_array, struct cudaPitchedPtr src,
                        struct cudaPos spos, struct cudaExtent e) {
  x->bytes = (uint64_t)e.width * (e.height ? e.height : 1) * (e.depth ? e.depth : 1);
  if (dst_array || src_array) {
    csan_mem_class dc = dst_array ? CSAN_MEM_DEVICE_UNTRACKED : csan_rt_mem_class(dst.ptr);
    csan_mem_class sc = src_array ? CSAN_MEM_DEVICE_UNTRACKED : csan_rt_mem_class(src.ptr);
    x->wait = csan_rt_copy_wait(x, dc, sc);
    x->may_block = x->sync || dc == CSAN_MEM_PAGEABLE || sc == CSAN_MEM_PAGEABLE;
    return;
  }
  csan_rt_xfer_copy(x, dst.ptr, side3d(dst, dpos, e), src.ptr, side3d(src, spos, e));
}

#define CSAN_MEMCPY3D_SETUP(api_, sync_, pt_)                                                  \
  csan_rt_xfer x;                                                                              \
  csan_rt_xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  if (p)                                                                                       \
  xfer_copy3d(&x, p->dstArray, p->dstPtr, p->dstPos, p->srcArray, p->srcPtr, p->srcPos,       \
              p->extent)

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3D(const struct cudaMemcpy3DParms *p,
                                            const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(false, CSAN_MEMCPY3D_SETUP("cudaMemcpy3D", true, false), cudaMemcpy3D(p));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3D_ptds(const struct cudaMemcpy3DParms *p,
                                                 const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(true, CSAN_MEMCPY3D_SETUP("cudaMemcpy3D", true, true), cudaMemcpy3D_ptds(p));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3DAsync(const struct cudaMemcpy3DParms *p,
                                                 cudaStream_t stream,
                                                 const csan_host_site *site) {
  CSAN_XFER_CAP(false, CSAN_MEMCPY3D_SETUP("cudaMemcpy3DAsync", false, false),
            cudaMemcpy3DAsync(p, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3DAsync_ptsz(const struct cudaMemcpy3DParms *p,
                                                      cudaStream_t stream,
                                                      const csan_host_site *site) {
  CSAN_XFER_CAP(true, CSAN_MEMCPY3D_SETUP("cudaMemcpy3DAsync", false, true),
            cudaMemcpy3DAsync_ptsz(p, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3DPeer(const struct cudaMemcpy3DPeerParms *p,
                                                const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(false, CSAN_MEMCPY3D_SETUP("cudaMemcpy3DPeer", true, false), cudaMemcpy3DPeer(p));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3DPeer_ptds(const struct cudaMemcpy3DPeerParms *p,
                                                     const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(true, CSAN_MEMCPY3D_SETUP("cudaMemcpy3DPeer", true, true), cudaMemcpy3DPeer_ptds(p));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3DPeerAsync(const struct cudaMemcpy3DPeerParms *p,
                                                     cudaStream_t stream,
                                                     const csan_host_site *site) {
  CSAN_XFER_CAP(false, CSAN_MEMCPY3D_SETUP("cudaMemcpy3DPeerAsync", false, false),
            cudaMemcpy3DPeerAsync(p, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpy3DPeerAsync_ptsz(const struct cudaMemcpy3DPeerParms *p,
                                                          cudaStream_t stream,
                                                          const csan_host_site *site) {
  CSAN_XFER_CAP(true, CSAN_MEMCPY3D_SETUP("cudaMemcpy3DPeerAsync", false, true),
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
  CSAN_XFER_CAP(false, CSAN_MEMCPY_SETUP("cudaMemcpyPeer", true, false); x.peer = true,
            cudaMemcpyPeer(dst, dstDevice, src, srcDevice, count));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src,
                                                   int srcDevice, size_t count,
                                                   cudaStream_t stream,
                                                   const csan_host_site *site) {
  CSAN_XFER_CAP(false, CSAN_MEMCPY_SETUP("cudaMemcpyPeerAsync", false, false),
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

static void xfer_to_symbol(csan_rt_xfer *x, const void *symbol, const void *src, size_t count,
                           size_t offset) {
  x->bytes = count;
  char *d = symbol_address(symbol);
  if (!d) { /* not a symbol: the call fails on its own */
    x->wait = CSAN_WAIT_NONE;
    x->may_block = x->sync;
    return;
  }
  csan_rt_xfer_copy(x, d + offset, linear(d + offset, count), src, linear(src, count));
}

static void xfer_from_symbol(csan_rt_xfer *x, void *dst, const void *symbol, size_t count,
                             size_t offset) {
  x->bytes = count;
  char *s = symbol_address(symbol);
  if (!s) {
    x->wait = CSAN_WAIT_NONE;
    x->may_block = x->sync;
    return;
  }
  csan_rt_xfer_copy(x, dst, linear(dst, count), s + offset, linear(s + offset, count));
}

#define CSAN_TO_SYMBOL_SETUP(api_, sync_, pt_)                                                 \
  csan_rt_xfer x;                                                                              \
  csan_rt_xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  xfer_to_symbol(&x, symbol, src, count, offset)

#define CSAN_FROM_SYMBOL_SETUP(api_, sync_, pt_)                                               \
  csan_rt_xfer x;                                                                              \
  csan_rt_xfer_init(&x, api_, sync_, pt_, stream);                                                     \
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

static void xfer_batch(csan_rt_xfer *x, void *const *dsts, const void *const *srcs,
                       const size_t *sizes, size_t count) {
  for (size_t i = 0; dsts && srcs && sizes && i < count; i++) {
    x->bytes += sizes[i];
    csan_mem_class dc = csan_rt_mem_class(dsts[i]), sc = csan_rt_mem_class(srcs[i]);
    csan_rt_xfer_region(x, sc, linear(srcs[i], sizes[i]), CSAN_ACC_READ);
    csan_rt_xfer_region(x, dc, linear(dsts[i], sizes[i]), CSAN_ACC_WRITE);
    x->may_block |= dc == CSAN_MEM_PAGEABLE || sc == CSAN_MEM_PAGEABLE;
  }
}

#define CSAN_BATCH_SETUP(pt_)                                                                  \
  csan_rt_xfer x;                                                                              \
  csan_rt_xfer_init(&x, "cudaMemcpyBatchAsync", false, pt_, stream);                                   \
  xfer_batch(&x, dsts, srcs, sizes, count)

CSAN_EXPORT cudaError_t __csan_cudaMemcpyBatchAsync(void *const *dsts, const void *const *srcs,
                                                    const size_t *sizes, size_t count,
                                                    struct cudaMemcpyAttributes *attrs,
                                                    size_t *attrsIdxs, size_t numAttrs,
                                                    cudaStream_t stream,
                                                    const csan_host_site *site) {
  CSAN_XFER_CAP(false, CSAN_BATCH_SETUP(false),
            cudaMemcpyBatchAsync(dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemcpyBatchAsync_ptsz(void *const *dsts,
                                                         const void *const *srcs,
                                                         const size_t *sizes, size_t count,
                                                         struct cudaMemcpyAttributes *attrs,
                                                         size_t *attrsIdxs, size_t numAttrs,
                                                         cudaStream_t stream,
                                                         const csan_host_site *site) {
  CSAN_XFER_CAP(true, CSAN_BATCH_SETUP(true),
            cudaMemcpyBatchAsync_ptsz(dsts, srcs, sizes, count, attrs, attrsIdxs, numAttrs,
                                      stream));
}

/* ------------------------------------------------------------------------
 * Sets.
 * ---------------------------------------------------------------------- */

#define CSAN_MEMSET_SETUP(api_, sync_, pt_)                                                    \
  csan_rt_xfer x;                                                                              \
  csan_rt_xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  x.bytes = count;                                                                             \
  csan_rt_xfer_set(&x, devPtr, linear(devPtr, count))

CSAN_EXPORT cudaError_t __csan_cudaMemset(void *devPtr, int value, size_t count,
                                          const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(false, CSAN_MEMSET_SETUP("cudaMemset", true, false), cudaMemset(devPtr, value, count));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset_ptds(void *devPtr, int value, size_t count,
                                               const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(true, CSAN_MEMSET_SETUP("cudaMemset", true, true),
            cudaMemset_ptds(devPtr, value, count));
}

CSAN_EXPORT cudaError_t __csan_cudaMemsetAsync(void *devPtr, int value, size_t count,
                                               cudaStream_t stream, const csan_host_site *site) {
  CSAN_XFER_CAP(false, CSAN_MEMSET_SETUP("cudaMemsetAsync", false, false),
            cudaMemsetAsync(devPtr, value, count, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemsetAsync_ptsz(void *devPtr, int value, size_t count,
                                                    cudaStream_t stream,
                                                    const csan_host_site *site) {
  CSAN_XFER_CAP(true, CSAN_MEMSET_SETUP("cudaMemsetAsync", false, true),
            cudaMemsetAsync_ptsz(devPtr, value, count, stream));
}

#define CSAN_MEMSET2D_SETUP(api_, sync_, pt_)                                                  \
  csan_rt_xfer x;                                                                              \
  csan_rt_xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  x.bytes = (uint64_t)width * height;                                                          \
  csan_region r_ = {(uint64_t)(uintptr_t)devPtr, width, height, pitch, 1, 0};                       \
  csan_rt_xfer_set(&x, devPtr, r_)

CSAN_EXPORT cudaError_t __csan_cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width,
                                            size_t height, const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(false, CSAN_MEMSET2D_SETUP("cudaMemset2D", true, false),
            cudaMemset2D(devPtr, pitch, value, width, height));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset2D_ptds(void *devPtr, size_t pitch, int value,
                                                 size_t width, size_t height,
                                                 const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(true, CSAN_MEMSET2D_SETUP("cudaMemset2D", true, true),
            cudaMemset2D_ptds(devPtr, pitch, value, width, height));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset2DAsync(void *devPtr, size_t pitch, int value,
                                                 size_t width, size_t height, cudaStream_t stream,
                                                 const csan_host_site *site) {
  CSAN_XFER_CAP(false, CSAN_MEMSET2D_SETUP("cudaMemset2DAsync", false, false),
            cudaMemset2DAsync(devPtr, pitch, value, width, height, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset2DAsync_ptsz(void *devPtr, size_t pitch, int value,
                                                      size_t width, size_t height,
                                                      cudaStream_t stream,
                                                      const csan_host_site *site) {
  CSAN_XFER_CAP(true, CSAN_MEMSET2D_SETUP("cudaMemset2DAsync", false, true),
            cudaMemset2DAsync_ptsz(devPtr, pitch, value, width, height, stream));
}

#define CSAN_MEMSET3D_SETUP(api_, sync_, pt_)                                                  \
  csan_rt_xfer x;                                                                              \
  csan_rt_xfer_init(&x, api_, sync_, pt_, stream);                                                     \
  struct cudaPos zero_ = {0, 0, 0};                                                            \
  csan_region r_ = side3d(pitchedDevPtr, zero_, extent);                                            \
  x.bytes = r_.width * r_.rows * r_.slices;                                                    \
  csan_rt_xfer_set(&x, pitchedDevPtr.ptr, r_)

CSAN_EXPORT cudaError_t __csan_cudaMemset3D(struct cudaPitchedPtr pitchedDevPtr, int value,
                                            struct cudaExtent extent,
                                            const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(false, CSAN_MEMSET3D_SETUP("cudaMemset3D", true, false),
            cudaMemset3D(pitchedDevPtr, value, extent));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset3D_ptds(struct cudaPitchedPtr pitchedDevPtr, int value,
                                                 struct cudaExtent extent,
                                                 const csan_host_site *site) {
  cudaStream_t stream = NULL;
  CSAN_XFER_CAP(true, CSAN_MEMSET3D_SETUP("cudaMemset3D", true, true),
            cudaMemset3D_ptds(pitchedDevPtr, value, extent));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset3DAsync(struct cudaPitchedPtr pitchedDevPtr, int value,
                                                 struct cudaExtent extent, cudaStream_t stream,
                                                 const csan_host_site *site) {
  CSAN_XFER_CAP(false, CSAN_MEMSET3D_SETUP("cudaMemset3DAsync", false, false),
            cudaMemset3DAsync(pitchedDevPtr, value, extent, stream));
}

CSAN_EXPORT cudaError_t __csan_cudaMemset3DAsync_ptsz(struct cudaPitchedPtr pitchedDevPtr,
                                                      int value, struct cudaExtent extent,
                                                      cudaStream_t stream,
                                                      const csan_host_site *site) {
  CSAN_XFER_CAP(true, CSAN_MEMSET3D_SETUP("cudaMemset3DAsync", false, true),
            cudaMemset3DAsync_ptsz(pitchedDevPtr, value, extent, stream));
}
