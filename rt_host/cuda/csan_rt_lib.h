/* csan_rt_lib.h: what the library families (api/csan_api_cublas.c,
 * _cublaslt, _cufft, _cusparse, _curand, _nccl, _driver) and the annotation
 * API (api/csan_api_annotate.c) share (csan_rt_lib.c).
 *
 *  - The real functions. libcsan_rt links no library: a wrapper finds the
 *    function it stands for at its first call, first in the table the
 *    program's own modules registered (csan-host emits a constructor that
 *    hands over the address of every library function a module calls, so
 *    static linking and --as-needed keep working), else with
 *    dlsym(RTLD_DEFAULT). A program that calls no cuBLAS function needs no
 *    cuBLAS.
 *  - Library calls as operations: a call on a stream with a footprint
 *    (core/csan_libmodel.h) is one operation, checked like a copy by
 *    csan's range kernel (csan_rt_xfer.c), named after the call, issued at
 *    the caller's line.
 *  - Handles: what csan remembers per library handle (its stream, its
 *    workspace, a cuFFT plan's shape), in small tables keyed by the handle.
 *  - Annotations: the calling thread's open csan_annotate_begin bracket.
 *  - Calls that run unchecked, counted by kind for the exit summary
 *    (core/csan_unchecked.h), unless an annotation covers them.
 */
#ifndef CSAN_RT_LIB_H
#define CSAN_RT_LIB_H

#include "csan_libmodel.h"
#include "csan_pairtab.h"
#include "csan_rt_libcap.h"
#include "csan_rt_xfer.h"

/* ------------------------------------------------------------------------
 * Real functions.
 * ---------------------------------------------------------------------- */

/* An entry of the table csan-host's constructor registers
 * (__csan_lib_register, csan_abi.h's layout: name, then address). */
typedef struct csan_lib_fn {
  const char *name;
  void *fn;
} csan_lib_fn;
void csan_rt_lib_register(const csan_lib_fn *fns, uint32_t n);
/* The real function `name`: registered, else dlsym; cached in *cache.
 * Null when neither knows it. */
void *csan_rt_lib_real(void *_Atomic *cache, const char *name);

/* In a wrapper: `T real = CSAN_LIB_REAL(name);` with T the function's
 * pointer type (declared by the library's header). */
#define CSAN_LIB_REAL_AS(var, name)                                                             \
  static void *_Atomic var##_cache_;                                                            \
  __typeof__(&name) var = (__typeof__(&name))csan_rt_lib_real(&var##_cache_, #name)

/* ------------------------------------------------------------------------
 * Library calls as operations.
 * ---------------------------------------------------------------------- */

/* True when csan checks work on stream s now: active, s on csan's device,
 * not being captured (then __device__ variables are resolved). */
bool csan_rt_lib_active(cudaStream_t s, bool pt);
/* The same for a call of the program's at site (ra: the wrapper's return
 * address): when s is being captured, the nodes the call makes are named
 * after site, as for runtime calls (csan_rt_capture_op). */
bool csan_rt_lib_active_at(cudaStream_t s, bool pt, const csan_host_site *site, const void *ra);

/* How a modelled library call is checked (csan_rt_lib_call_at). */
typedef enum csan_rt_lib_mode {
  CSAN_LIB_OFF = 0, /* not at all: pass it through */
  CSAN_LIB_STREAM,  /* an operation on its stream */
  CSAN_LIB_CAPTURE  /* its stream is being captured: csan's check nodes in the
                       graph, before the call's own (csan_rt_libcap.h) */
} csan_rt_lib_mode;
/* csan_rt_lib_active_at for a call whose footprint csan models: during a
 * capture the footprint is still wanted, for the graph. */
csan_rt_lib_mode csan_rt_lib_call_at(cudaStream_t s, bool pt, const csan_host_site *site,
                                     const void *ra);

typedef struct csan_rt_libcall {
  csan_rt_xfer x;
  csan_rt_op o;
  bool on;      /* modelled: csan_rt_lib_end after the call */
  bool capture; /* CSAN_LIB_CAPTURE: no operation, check nodes (cap) */
  csan_rt_libcap_call cap;
} csan_rt_libcall;

/* Starts a call named what on stream s, checked as `mode` says (not
 * CSAN_LIB_OFF). */
void csan_rt_lib_init(csan_rt_libcall *c, const char *what, cudaStream_t s, bool pt,
                      csan_rt_lib_mode mode);
/* True when the call is being captured (what csan cannot do then, such as
 * reading device memory, it counts as unchecked). */
static inline bool csan_rt_lib_capturing(const csan_rt_libcall *c) {
  return c->capture;
}
/* Adds the footprint's regions in tracked device memory. */
void csan_rt_lib_fp(csan_rt_libcall *c, const csan_lm_fp *fp);
/* The call makes the host wait until it is done (a cuBLAS result returned
 * to host memory, a synchronous copy). */
void csan_rt_lib_blocks(csan_rt_libcall *c);
/* Issues the operation just before the call (its checks are queued on the
 * stream; captured: the check nodes); ra: the wrapper's return address. */
void csan_rt_lib_begin(csan_rt_libcall *c, const csan_host_site *site, const void *ra);
/* After the call. */
void csan_rt_lib_end(csan_rt_libcall *c, bool ok);

/* Reads n bytes of device memory at src once the work queued on stream s
 * so far is complete (csan waits for it on its own behalf: nothing becomes
 * ordered for the program). For pointer arrays of batched calls. */
bool csan_rt_lib_read_after(cudaStream_t s, bool pt, void *dst, uint64_t src, size_t n);

/* ------------------------------------------------------------------------
 * Handles.
 * ---------------------------------------------------------------------- */

/* A table of fixed-size entries that begin with a csan_pair_key (p: the
 * handle, never null; w: 0), under its own lock. */
typedef struct csan_rt_htab {
  pthread_mutex_t mu;
  csan_pairtab t;
} csan_rt_htab;
#define CSAN_RT_HTAB_INIT(entry_type) {PTHREAD_MUTEX_INITIALIZER, CSAN_PAIRTAB_INIT(entry_type)}
/* Copies the entry of key out; false when there is none. */
bool csan_rt_htab_get(csan_rt_htab *h, const void *key, void *out);
/* Inserts or replaces the entry (its key is its first member). */
void csan_rt_htab_put(csan_rt_htab *h, const void *entry);

/* ------------------------------------------------------------------------
 * Annotations (include/csan/csan.h).
 * ---------------------------------------------------------------------- */

typedef struct csan_rt_annot {
  bool open;
  bool pt;
  cudaStream_t stream;
  const char *name;      /* interned */
  csan_host_site site;   /* where csan_annotate_begin was called */
  uint32_t stack;
  csan_rt_xfer x;        /* the ranges declared so far */
  unsigned ranges;       /* declared, tracked or not */
} csan_rt_annot;
/* The calling thread's bracket. */
csan_rt_annot *csan_rt_annot_self(void);
/* True while the calling thread has a bracket open. */
bool csan_rt_annot_open(void);

/* ------------------------------------------------------------------------
 * Unchecked calls.
 * ---------------------------------------------------------------------- */

/* Counts one call that runs unchecked (kind `name`, why), unless the calling
 * thread has an annotation open (its declared ranges are the check). */
void csan_rt_lib_unchecked(const char *name, const char *reason, const csan_host_site *site);

#endif /* CSAN_RT_LIB_H */
