/* csan_rt_ops.h: CUDA handles as model keys, operations on streams, host
 * operations, host waits and the epoch window (csan_rt_ops.c). */
#ifndef CSAN_RT_OPS_H
#define CSAN_RT_OPS_H

#include "csan_rt.h"

/* ------------------------------------------------------------------------
 * Streams and events.
 * ---------------------------------------------------------------------- */

/* The model key of a stream handle as the calling thread means it; `pt`:
 * the call came through a _ptsz/_ptds entry point (a null stream is the
 * per-thread default stream). */
csan_key csan_rt_stream_key(cudaStream_t s, bool pt);
/* The driver handle of the same stream. */
CUstream csan_rt_cu_stream(cudaStream_t s, bool pt);
/* Makes sure the model knows stream s (per-thread streams and streams csan
 * did not see created are added on first use). False: s is not a stream. */
bool csan_rt_stream_ensure(cudaStream_t s, bool pt, csan_key *key);
/* Adds a stream to the model, recovering from a full slot table by
 * synchronizing the device; a stale key of the same value is replaced.
 * Fatal when 254 streams are really alive. */
void csan_rt_stream_add(csan_key key, csan_stream_kind kind);
/* True when s is being captured into a graph: its work is recorded by CUDA,
 * not run, and is checked when the graph is launched (csan_api_graph.c). */
bool csan_rt_capturing(cudaStream_t s, bool pt);
/* Events: the model knows every event used (created on first use). */
csan_key csan_rt_event_key(cudaEvent_t e);
void csan_rt_event_ensure(csan_key key);

/* ------------------------------------------------------------------------
 * Operations.
 * ---------------------------------------------------------------------- */

/* One operation on a stream, between csan_rt_op_begin and csan_rt_op_end.
 * Between the two the model lock is held: call no csan_model_* function. */
typedef struct csan_rt_op {
  csan_op op;
  csan_key stream;
  CUstream cu;        /* the driver handle, for csan's kernels */
  bool prepared;      /* false: not modelled (pass the call through) */
  csan_launch_ctx ctx; /* the operation's context (csan_rt_op_ctx) */
  /* Right after ctx: a twin that takes two contexts gets &ctx as an array
   * of both (csan_rt_ctx_pair). */
  csan_launch_ctx ctx_post;
} csan_rt_op;

typedef struct csan_rt_op_desc {
  csan_op_kind kind;
  const char *what;             /* kernel mangled name or API name */
  uint64_t bytes;               /* range operations: length */
  const void *module;           /* kernels: CUmodule of the device sites */
  const csan_host_site *site;
  uint32_t stack;
} csan_rt_op_desc;

/* Prepares the operation on stream s and registers it. False (nothing
 * held): not modelled. Handles the epoch window (rebase) first. */
bool csan_rt_op_begin(csan_rt_op *o, cudaStream_t s, bool pt, const csan_rt_op_desc *d);
/* Commits (success) or drops the operation; releases the model lock. */
void csan_rt_op_end(csan_rt_op *o, bool success);
/* Fills o->ctx from o->op (shadow, pool, races, vc, flags). */
void csan_rt_op_ctx(csan_rt_op *o, uint32_t flags);
/* Programmatic dependent launch (csan_abi.h, CSAN_CTX_F_PDL_PAIR), after
 * csan_rt_op_ctx: pair, the twin takes two contexts (before and after its
 * wait on the grid dependencies: o->ctx and o->ctx_post); programmatic,
 * the launch may begin before the kernel before it on its stream ends
 * (programmatic stream serialization): when the operation before it is a
 * kernel, the context before the wait (the only one of a twin that never
 * waits) leaves that kernel out of its clock, and the kernels before it
 * that were launched the same way, back to the first. */
void csan_rt_op_ctx_pdl(csan_rt_op *o, bool pair, bool programmatic);
/* Marks c[0] (before the wait) and c[1] (after it), both filled, as a
 * twin's two contexts. */
void csan_rt_ctx_pair(csan_launch_ctx *c);
/* The launch context of any operation (a host operation's, too). */
void csan_rt_ctx_fill(csan_launch_ctx *c, const csan_op *op, uint32_t flags);
/* An operation on a model stream that is no CUDA stream (a graph exec's
 * lane, csan_graph.h): prepared, registered and committed at once; reports
 * name the lane `stream_name` (interned; a graph node's "s (graph launched
 * at f:l)"). False: not modelled. */
bool csan_rt_lane_op(csan_op *op, csan_key lane, const csan_rt_op_desc *d,
                     const char *stream_name);
/* A host operation (slot CSAN_HOST_SLOT), registered. False: not modelled. */
bool csan_rt_host_op(csan_op *op, const csan_rt_op_desc *d);

/* The issuing host stack: ra is the wrapper's return address; a site in CUDA
 * glue (an -O0 <<<>>> stub, a cuda_runtime.h template) drops that frame so
 * the user's line comes first. */
uint32_t csan_rt_stack(const void *ra, const csan_host_site *site);

/* ------------------------------------------------------------------------
 * Host waits and the epoch window.
 * ---------------------------------------------------------------------- */

/* The host observed vc complete: join it and drain the race table. */
void csan_rt_host_observed(const csan_vc *vc);
/* Synchronizes the device for csan (epoch window, device reset, the frees
 * that need it): snapshot, cudaDeviceSynchronize, and the snapshot becomes
 * complete for csan (csan_model_complete), not observed by the program.
 * Returns its result; the snapshot goes to *all when all is not null. */
cudaError_t csan_rt_device_sync(csan_vc *all);

/* The epoch window: rebase when a counter reached the end. */
void csan_rt_maybe_rebase(void);
/* fn runs in each rebase, with the device idle and nothing being issued,
 * after the device shadow is reset, in the order registered (the host
 * shadow, csan_rt_hostmem.c, and the host-memory log, csan_rt_hostlog.c,
 * register themselves; at most 4). */
void csan_rt_ops_on_rebase(void (*fn)(void));
/* fn runs on every context csan_rt_ctx_fill makes, last (the host-memory
 * log, csan_rt_hostlog.c, adds the host hull and keeps a copy). One. */
void csan_rt_ops_on_ctx(void (*fn)(csan_launch_ctx *c));
extern _Atomic bool csan_rt_rebase_pending;
/* Tests: n operations issued on the stream of `key` at once (to reach the
 * end of the epoch window quickly); -1 on failure. */
int csan_rt_advance(csan_key key, uint32_t n);

#endif /* CSAN_RT_OPS_H */
