/* csan_api_nccl.c: NCCL collectives and point-to-point calls.
 *
 * Each call is an operation on the stream it is given: the rank's send
 * buffer read, its receive buffer written (core/csan_libmodel.c: counts per
 * collective, the root's part of rooted calls, in-place calls), named after
 * the call and issued at its line. The rank and the number of ranks come
 * from the communicator (ncclCommUserRank, ncclCommCount).
 *
 * Groups (ncclGroupStart/End, nested, per host thread): NCCL issues the
 * grouped calls at the outermost ncclGroupEnd, so csan does too. Each call
 * is recorded as it is made (its footprint, stream, name and line) and
 * issued, in call order, once ncclGroupEnd succeeded; a failed group issues
 * nothing. A group whose calls use several streams is, as NCCL documents,
 * one operation posted on all of them: the first stream waits for all the
 * others, the calls are issued on it, then all the others wait for it
 * (internal events of the model, keyed by a per-thread address no CUDA event
 * can have). ncclInProgress (non-blocking communicators) counts as success.
 */
#include "csan_lib_api.h"
#include "csan_rt_device.h"
#include "csan_rt_lib.h"

#include <stdlib.h>
#include <string.h>

#define P(x) ((uint64_t)(uintptr_t)(x))

static bool nccl_ok(ncclResult_t r) {
  return r == ncclSuccess || (int)r == 7 /* ncclInProgress */;
}

/* ------------------------------------------------------------------------
 * Groups.
 * ---------------------------------------------------------------------- */

typedef struct pending {
  const char *name;
  cudaStream_t stream;
  csan_lm_fp fp;
  csan_host_site site;
  bool have_site;
  uint32_t stack;
} pending;

typedef struct group {
  int depth;
  pending *p;
  size_t n, cap;
} group;

static __thread group tl_group;
static __thread char tl_join_key; /* the key of this thread's join event */

static void group_clear(group *g) {
  g->n = 0;
}

static void group_add(group *g, const char *name, cudaStream_t s, const csan_lm_fp *fp,
                      const csan_host_site *site, uint32_t stack) {
  if (g->n == g->cap) {
    size_t cap = g->cap ? 2 * g->cap : 8;
    pending *np = realloc(g->p, cap * sizeof *np);
    if (!np)
      return;
    g->p = np;
    g->cap = cap;
  }
  pending *p = &g->p[g->n++];
  p->name = name;
  p->stream = s;
  p->fp = *fp;
  p->have_site = site != NULL;
  if (site)
    p->site = *site;
  p->stack = stack;
}

/* One call as an operation on stream s (right now). */
static void issue(const char *name, cudaStream_t s, const csan_lm_fp *fp,
                  const csan_host_site *site, uint32_t stack) {
  csan_rt_libcall c;
  csan_rt_lib_init(&c, name, s, false, CSAN_LIB_STREAM);
  c.x.stack = stack;
  csan_rt_lib_fp(&c, fp);
  csan_rt_lib_begin(&c, site, NULL);
  csan_rt_lib_end(&c, true);
}

/* The grouped calls, after their ncclGroupEnd succeeded. */
static void group_issue(group *g) {
  if (!g->n || !csan_rt_active())
    return;
  cudaStream_t first = g->p[0].stream;
  bool several = false;
  for (size_t i = 1; i < g->n; i++)
    several |= g->p[i].stream != first;
  csan_key fk = 0, ev = (csan_key)(uintptr_t)&tl_join_key;
  if (several && csan_rt_lib_active(first, false) && csan_rt_stream_ensure(first, false, &fk)) {
    /* The first stream waits for every other. */
    csan_vc all, vc;
    csan_vc_clear(&all);
    for (size_t i = 0; i < g->n; i++) {
      csan_key k;
      if (csan_rt_stream_ensure(g->p[i].stream, false, &k) &&
          csan_model_stream_clock(csan_g.model, k, &vc) == CSAN_MODEL_OK)
        csan_vc_join(&all, &vc);
    }
    csan_model_event_create(csan_g.model, ev);
    csan_model_event_record_clock(csan_g.model, ev, &all);
    csan_model_stream_wait_event(csan_g.model, fk, ev);
  } else {
    several = false;
  }
  for (size_t i = 0; i < g->n; i++) {
    pending *p = &g->p[i];
    cudaStream_t s = several ? first : p->stream;
    if (csan_rt_lib_active(s, false))
      issue(p->name, s, &p->fp, p->have_site ? &p->site : NULL, p->stack);
  }
  if (several) {
    /* ... and every other waits for it. */
    csan_model_event_record(csan_g.model, ev, fk);
    for (size_t i = 0; i < g->n; i++) {
      csan_key k;
      if (g->p[i].stream != first && csan_rt_stream_ensure(g->p[i].stream, false, &k))
        csan_model_stream_wait_event(csan_g.model, k, ev);
    }
    csan_model_event_destroy(csan_g.model, ev);
  }
}

CSAN_EXPORT ncclResult_t __csan_ncclGroupStart(const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, ncclGroupStart);
  if (!real)
    return (ncclResult_t)1; /* ncclUnhandledCudaError: no NCCL */
  ncclResult_t r = real();
  if (nccl_ok(r))
    tl_group.depth++;
  return r;
}

CSAN_EXPORT ncclResult_t __csan_ncclGroupEnd(const csan_host_site *site) {
  CSAN_LIB_REAL_AS(real, ncclGroupEnd);
  if (!real)
    return (ncclResult_t)1;
  ncclResult_t r = real();
  if (tl_group.depth > 0)
    tl_group.depth--;
  if (tl_group.depth == 0) {
    if (nccl_ok(r))
      group_issue(&tl_group);
    group_clear(&tl_group);
  }
  return r;
}

/* ------------------------------------------------------------------------
 * Calls.
 * ---------------------------------------------------------------------- */

typedef struct nccl_call {
  bool on;      /* issued as an operation around the call */
  bool grouped; /* recorded in the group: issued at ncclGroupEnd */
  csan_rt_libcall c;
} nccl_call;

/* Before the call: its footprint, issued now or at the group's end. */
static void nccl_begin(nccl_call *nc, const char *name, csan_lm_nccl_kind kind, const void *send,
                       const void *recv, size_t count, ncclDataType_t dt, int root,
                       ncclComm_t comm, cudaStream_t s, const csan_host_site *site,
                       const void *ra) {
  memset(nc, 0, sizeof *nc);
  csan_rt_lib_mode lm = csan_rt_lib_call_at(s, false, site, ra);
  /* A grouped call's work is made at ncclGroupEnd, where csan issues it
   * (after the call): in a capture that is after its nodes, so it passes
   * through, its kernels counted as graph nodes without a twin. */
  if (lm == CSAN_LIB_OFF || (lm == CSAN_LIB_CAPTURE && tl_group.depth > 0))
    return;
  CSAN_LIB_REAL_AS(comm_count, ncclCommCount);
  CSAN_LIB_REAL_AS(user_rank, ncclCommUserRank);
  int nranks = 1, rank = 0;
  if (comm_count && comm_count(comm, &nranks) != ncclSuccess)
    nranks = 1;
  if (user_rank && user_rank(comm, &rank) != ncclSuccess)
    rank = 0;
  csan_lm_fp fp;
  csan_lm_init(&fp);
  csan_lm_nccl(&fp, kind, P(send), P(recv), count, csan_lm_nccl_type_bytes((int)dt), nranks,
               rank, root);
  uint32_t stack = csan_rt_stack(ra, site);
  if (tl_group.depth > 0) {
    group_add(&tl_group, name, s, &fp, site, stack);
    nc->grouped = true;
    return;
  }
  csan_rt_lib_init(&nc->c, name, s, false, lm);
  nc->c.x.stack = stack;
  csan_rt_lib_fp(&nc->c, &fp);
  csan_rt_lib_begin(&nc->c, site, ra);
  nc->on = true;
}

static ncclResult_t nccl_end(nccl_call *nc, ncclResult_t r) {
  if (nc->on)
    csan_rt_lib_end(&nc->c, nccl_ok(r));
  else if (nc->grouped && !nccl_ok(r) && tl_group.n)
    tl_group.n--; /* the call was not added to NCCL's group */
  return r;
}

#define NCCL_CALL(NAME, KIND, SEND, RECV, COUNT, ROOT, ARGS)                                     \
  CSAN_LIB_REAL_AS(real, NAME);                                                                 \
  if (!real)                                                                                    \
    return (ncclResult_t)1;                                                                     \
  nccl_call nc;                                                                                 \
  nccl_begin(&nc, #NAME, KIND, SEND, RECV, COUNT, datatype, ROOT, comm, stream, site,            \
             __builtin_return_address(0));                                                      \
  return nccl_end(&nc, real ARGS)

CSAN_EXPORT ncclResult_t __csan_ncclAllReduce(const void *sendbuff, void *recvbuff, size_t count,
                                              ncclDataType_t datatype, ncclRedOp_t op,
                                              ncclComm_t comm, cudaStream_t stream,
                                              const csan_host_site *site) {
  NCCL_CALL(ncclAllReduce, CSAN_LM_NCCL_ALLREDUCE, sendbuff, recvbuff, count, 0,
            (sendbuff, recvbuff, count, datatype, op, comm, stream));
}

CSAN_EXPORT ncclResult_t __csan_ncclBroadcast(const void *sendbuff, void *recvbuff, size_t count,
                                              ncclDataType_t datatype, int root, ncclComm_t comm,
                                              cudaStream_t stream, const csan_host_site *site) {
  NCCL_CALL(ncclBroadcast, CSAN_LM_NCCL_BROADCAST, sendbuff, recvbuff, count, root,
            (sendbuff, recvbuff, count, datatype, root, comm, stream));
}

CSAN_EXPORT ncclResult_t __csan_ncclBcast(void *buff, size_t count, ncclDataType_t datatype,
                                          int root, ncclComm_t comm, cudaStream_t stream,
                                          const csan_host_site *site) {
  NCCL_CALL(ncclBcast, CSAN_LM_NCCL_BROADCAST, buff, buff, count, root,
            (buff, count, datatype, root, comm, stream));
}

CSAN_EXPORT ncclResult_t __csan_ncclReduce(const void *sendbuff, void *recvbuff, size_t count,
                                           ncclDataType_t datatype, ncclRedOp_t op, int root,
                                           ncclComm_t comm, cudaStream_t stream,
                                           const csan_host_site *site) {
  NCCL_CALL(ncclReduce, CSAN_LM_NCCL_REDUCE, sendbuff, recvbuff, count, root,
            (sendbuff, recvbuff, count, datatype, op, root, comm, stream));
}

CSAN_EXPORT ncclResult_t __csan_ncclAllGather(const void *sendbuff, void *recvbuff,
                                              size_t sendcount, ncclDataType_t datatype,
                                              ncclComm_t comm, cudaStream_t stream,
                                              const csan_host_site *site) {
  NCCL_CALL(ncclAllGather, CSAN_LM_NCCL_ALLGATHER, sendbuff, recvbuff, sendcount, 0,
            (sendbuff, recvbuff, sendcount, datatype, comm, stream));
}

CSAN_EXPORT ncclResult_t __csan_ncclReduceScatter(const void *sendbuff, void *recvbuff,
                                                  size_t recvcount, ncclDataType_t datatype,
                                                  ncclRedOp_t op, ncclComm_t comm,
                                                  cudaStream_t stream,
                                                  const csan_host_site *site) {
  NCCL_CALL(ncclReduceScatter, CSAN_LM_NCCL_REDUCESCATTER, sendbuff, recvbuff, recvcount, 0,
            (sendbuff, recvbuff, recvcount, datatype, op, comm, stream));
}

CSAN_EXPORT ncclResult_t __csan_ncclAlltoAll(const void *sendbuff, void *recvbuff, size_t count,
                                             ncclDataType_t datatype, ncclComm_t comm,
                                             cudaStream_t stream, const csan_host_site *site) {
  NCCL_CALL(ncclAlltoAll, CSAN_LM_NCCL_ALLTOALL, sendbuff, recvbuff, count, 0,
            (sendbuff, recvbuff, count, datatype, comm, stream));
}

CSAN_EXPORT ncclResult_t __csan_ncclGather(const void *sendbuff, void *recvbuff, size_t count,
                                           ncclDataType_t datatype, int root, ncclComm_t comm,
                                           cudaStream_t stream, const csan_host_site *site) {
  NCCL_CALL(ncclGather, CSAN_LM_NCCL_GATHER, sendbuff, recvbuff, count, root,
            (sendbuff, recvbuff, count, datatype, root, comm, stream));
}

CSAN_EXPORT ncclResult_t __csan_ncclScatter(const void *sendbuff, void *recvbuff, size_t count,
                                            ncclDataType_t datatype, int root, ncclComm_t comm,
                                            cudaStream_t stream, const csan_host_site *site) {
  NCCL_CALL(ncclScatter, CSAN_LM_NCCL_SCATTER, sendbuff, recvbuff, count, root,
            (sendbuff, recvbuff, count, datatype, root, comm, stream));
}

CSAN_EXPORT ncclResult_t __csan_ncclSend(const void *sendbuff, size_t count,
                                         ncclDataType_t datatype, int peer, ncclComm_t comm,
                                         cudaStream_t stream, const csan_host_site *site) {
  NCCL_CALL(ncclSend, CSAN_LM_NCCL_SEND, sendbuff, NULL, count, 0,
            (sendbuff, count, datatype, peer, comm, stream));
}

CSAN_EXPORT ncclResult_t __csan_ncclRecv(void *recvbuff, size_t count, ncclDataType_t datatype,
                                         int peer, ncclComm_t comm, cudaStream_t stream,
                                         const csan_host_site *site) {
  NCCL_CALL(ncclRecv, CSAN_LM_NCCL_RECV, NULL, recvbuff, count, 0,
            (recvbuff, count, datatype, peer, comm, stream));
}
