/* csan_rt_xfer.h: one operation on a stream that reads and writes strided
 * byte regions, checked by csan's range kernel (csan_rt_xfer.c).
 *
 * The shape of every memory operation csan models without a kernel of the
 * program's: copies and sets of the runtime (api/csan_api_copy.c) and of the
 * driver (api/csan_api_driver.c), library calls (api/csan_api_cublas.c and
 * the other library families) and annotated operations
 * (api/csan_api_annotate.c). Regions in tracked device memory are checked
 * with the operation's context on its stream just before the call; the rest
 * (host memory, memory csan did not see allocated) is not. After the call
 * the host's wait, if the call makes it wait, is joined.
 *
 *   csan_rt_xfer x;
 *   csan_rt_xfer_init(&x, "cudaMemcpyAsync", false, false, stream);
 *   csan_rt_xfer_copy(&x, dst, dr, src, sr);     (or _set, _region, _footprint)
 *   csan_rt_op o;
 *   if (!csan_rt_xfer_begin(&x, &o, site, ra)) { csan_rt_xfer_free(&x); pass through }
 *   r = the call;
 *   csan_rt_xfer_end(&x, &o, r == success);
 */
#ifndef CSAN_RT_XFER_H
#define CSAN_RT_XFER_H

#include "csan_libmodel.h"
#include "csan_rt_errors.h"
#include "csan_rt_ops.h"
#include "csan_rt_shadow.h"

/* What a pointer points at, for a transfer. */
typedef enum csan_mem_class {
  CSAN_MEM_PAGEABLE = 0,     /* host memory CUDA does not know */
  CSAN_MEM_PINNED,           /* page-locked host memory */
  CSAN_MEM_DEVICE_UNTRACKED, /* device memory csan did not see allocated */
  CSAN_MEM_DEVICE_TRACKED    /* device memory with shadow */
} csan_mem_class;

/* The allocation registry first (tracked device memory, live or freed, and
 * pinned host memory), then cuPointerGetAttribute. */
csan_mem_class csan_rt_mem_class(const void *p);
bool csan_rt_mem_is_host(csan_mem_class c);

/* Host waits after the call. */
typedef enum csan_rt_wait {
  CSAN_WAIT_NONE = 0,
  CSAN_WAIT_BEFORE, /* the work before the operation */
  CSAN_WAIT_ALL     /* the operation too */
} csan_rt_wait;

#define CSAN_XFER_INLINE 4
typedef struct csan_rt_xfer {
  const char *api;   /* what reports name: the API without _ptsz/_ptds */
  csan_op_kind kind; /* CSAN_OPK_COPY unless set otherwise (_set: SET) */
  bool sync;         /* a synchronous call: on the default stream */
  bool pt;           /* _ptsz/_ptds */
  bool set;          /* a memset */
  cudaStream_t stream;
  uint64_t bytes;    /* the operation's length; 0: each region's own */
  size_t n;          /* regions to check */
  csan_region inline_r[CSAN_XFER_INLINE];
  uint32_t inline_a[CSAN_XFER_INLINE];
  csan_region *r;
  uint32_t *acc;
  size_t cap;
  csan_rt_wait wait;
  bool peer;         /* cudaMemcpyPeer: after all earlier work of the device */
  bool may_block;    /* the call may wait for the device (see csan_rt_xfer_begin) */
  uint32_t stack;    /* the issuing host stack when known already (0: taken at begin) */
  /* Regions in host memory the device uses (csan_rt_hostmem.h), recorded
   * in the host shadow with the operation's context; more are dropped. */
  size_t nh;
  csan_region host_r[CSAN_XFER_INLINE];
  uint32_t host_a[CSAN_XFER_INLINE];
  csan_rt_marks marks; /* progress markers around the call (csan_rt_errors.c) */
} csan_rt_xfer;

/* sync: the call is synchronous (stream ignored: the default stream). */
void csan_rt_xfer_init(csan_rt_xfer *x, const char *api, bool sync, bool pt, cudaStream_t stream);
void csan_rt_xfer_free(csan_rt_xfer *x);
/* Adds a region to check if c is tracked device memory. */
void csan_rt_xfer_region(csan_rt_xfer *x, csan_mem_class c, csan_region r, uint32_t access);
/* A copy: classifies both sides, adds their regions, sets the wait. */
void csan_rt_xfer_copy(csan_rt_xfer *x, const void *dst, csan_region dr, const void *src,
                       csan_region sr);
/* The host's wait for a synchronous copy from a side of class src to dst. */
csan_rt_wait csan_rt_copy_wait(const csan_rt_xfer *x, csan_mem_class dst, csan_mem_class src);
/* A set of dst. */
void csan_rt_xfer_set(csan_rt_xfer *x, const void *dst, csan_region dr);
/* Every region of a library footprint that lies in tracked device memory
 * (each classified by its first byte). */
void csan_rt_xfer_footprint(csan_rt_xfer *x, const csan_lm_fp *fp);
/* Up to the call: false means pass the call through unmodelled. A call that
 * may wait for the device commits its operation before the call. */
bool csan_rt_xfer_begin(csan_rt_xfer *x, csan_rt_op *o, const csan_host_site *site,
                        const void *ra);
/* After a call that csan_rt_xfer_begin modelled: commits (ok) or drops the
 * operation, joins the host's wait, frees x. */
void csan_rt_xfer_end(csan_rt_xfer *x, csan_rt_op *o, bool ok);

#endif /* CSAN_RT_XFER_H */
