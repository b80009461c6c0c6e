/* csan_rt_hostlog.c: kernels' accesses to host memory (csan_rt_hostlog.h).
 *
 * Replay order. The host shadow meets a kernel's accesses later than they
 * happened: a copy issued after the kernel may have recorded its host side
 * (at issue, csan_rt_xfer.c) before the kernel's records arrive, and the
 * log holds the records of several kernels in the order their threads
 * claimed slots. So a replayed access can meet a record of an operation
 * ordered AFTER its kernel, which is no race. The engine asks
 * (CSAN_SH_RECORD_IS_LATER, csan_shadow_cpu_platform.h) and this file
 * answers from the vector clocks of the operations issued while host
 * memory existed, kept per stream slot (the last CTX_PER_SLOT of each).
 * Host code's own records never need it: every host access replays the
 * log first, so a host access ordered after a kernel (the host observed
 * its completion, by which time all its records were in the ring) comes
 * after the kernel's records. Everything else (two kernels, a kernel and
 * a copy, in either order) is decided by the two operations' clocks, so
 * the order of replay does not matter.
 */
#include "csan_rt_hostlog.h"

#include "csan_rt_hostmem.h"
#include "csan_rt_ops.h"
#include "csan_rt_report.h"

#include <stdlib.h>
#include <string.h>

/* Operations remembered per stream slot: a launch's records can be
 * replayed, and a later operation's record recognized, while no more than
 * this many operations were issued on their streams since. */
#define CTX_PER_SLOT 4096u

/* An operation's clock, compactly: vc[0..n) and the host slot's entry. */
typedef struct kept_ctx {
  csan_epoch_t epoch; /* 0: empty */
  uint32_t n;
  uint64_t op_id;
  csan_epoch_t host;
  csan_epoch_t *vc;
} kept_ctx;

static _Atomic(csan_hostlog_ring *) g_ring;
static _Atomic uint64_t g_counters_dev;
static pthread_mutex_t g_drain_mu = PTHREAD_MUTEX_INITIALIZER;
static csan_hostlog_record *g_batch; /* the ring's capacity, under g_drain_mu */
static uint32_t g_cap;                 /* records of the ring (host_log_records) */
/* A replay is running (another thread's drain took the records and has not
 * put them on the shadow yet): a host access must wait for it. */
static _Atomic uint32_t g_replaying;
static __thread bool tl_draining; /* this thread's drain: a report that halts re-enters */

static pthread_mutex_t g_ctx_mu = PTHREAD_MUTEX_INITIALIZER;
static kept_ctx *g_ctx[CSAN_MAX_SLOTS]; /* CTX_PER_SLOT each, made on first use */

static _Atomic uint64_t g_replayed, g_unknown, g_later_unknown;

/* Launches with a host hull not yet known complete (and so replayed): the
 * newest epoch of each slot that made one. A drain after the host observed
 * a synchronization clears the slots whose epoch completed. */
static pthread_mutex_t g_pend_mu = PTHREAD_MUTEX_INITIALIZER;
static csan_epoch_t g_pending[CSAN_MAX_SLOTS];       /* newest pending launch per slot */
static csan_epoch_t g_pending_first[CSAN_MAX_SLOTS]; /* and the oldest */
static uint32_t g_npending;
/* Bumped whenever a slot's oldest pending launch changes (under g_pend_mu):
 * record_keep's per-thread bounds are for one generation. */
static _Atomic uint64_t g_pend_gen = 1;

static pthread_mutex_t g_managed_mu = PTHREAD_MUTEX_INITIALIZER;
static uint64_t g_managed_lo[CSAN_HOSTLOG_MANAGED_MAX], g_managed_end[CSAN_HOSTLOG_MANAGED_MAX];
static uint32_t g_managed_n;
static _Atomic bool g_warned_managed, g_warned_setup;

/* ------------------------------------------------------------------------
 * Operations' clocks.
 * ---------------------------------------------------------------------- */

static void keep_ctx(const csan_launch_ctx *c) {
  uint32_t n = CSAN_HOST_SLOT;
  while (n && !c->vc[n - 1])
    n--;
  csan_epoch_t *vc = n ? malloc(n * sizeof *vc) : NULL;
  if (n && !vc)
    return;
  if (n)
    memcpy(vc, c->vc, n * sizeof *vc);
  pthread_mutex_lock(&g_ctx_mu);
  kept_ctx *ring = g_ctx[c->slot];
  if (!ring)
    ring = g_ctx[c->slot] = calloc(CTX_PER_SLOT, sizeof *ring);
  if (!ring) {
    pthread_mutex_unlock(&g_ctx_mu);
    free(vc);
    return;
  }
  kept_ctx *k = &ring[c->epoch % CTX_PER_SLOT];
  csan_epoch_t *old = k->vc;
  *k = (kept_ctx){c->epoch, n, c->op_id, c->vc[CSAN_HOST_SLOT], vc};
  pthread_mutex_unlock(&g_ctx_mu);
  free(old);
}

/* The kept entry where operation (slot, epoch) is or was (null: its slot
 * never kept one); under g_ctx_mu. */
static const kept_ctx *kept_at(uint32_t slot, csan_epoch_t epoch) {
  return slot < CSAN_MAX_SLOTS && g_ctx[slot] ? &g_ctx[slot][epoch % CTX_PER_SLOT] : NULL;
}

/* Operation (slot, epoch)'s entry for slot s in *out: 1; 0: never kept;
 * -1: kept once, since overwritten by a newer operation of its slot. */
static int kept_vc(uint32_t slot, csan_epoch_t epoch, uint32_t s, csan_epoch_t *out) {
  int found = 0;
  pthread_mutex_lock(&g_ctx_mu);
  const kept_ctx *k = kept_at(slot, epoch);
  if (k && k->epoch == epoch && epoch) {
    *out = s == CSAN_HOST_SLOT ? k->host : s < k->n ? k->vc[s] : 0;
    found = 1;
  } else if (k && k->epoch > epoch) {
    found = -1;
  }
  pthread_mutex_unlock(&g_ctx_mu);
  return found;
}

/* The whole context of a kept operation (for its replay); false: not kept. */
static bool kept_full(uint32_t slot, csan_epoch_t epoch, csan_launch_ctx *out) {
  bool found = false;
  pthread_mutex_lock(&g_ctx_mu);
  const kept_ctx *k = kept_at(slot, epoch);
  if (k && k->epoch == epoch && epoch) {
    memset(out, 0, sizeof *out);
    out->slot = (uint16_t)slot;
    out->epoch = epoch;
    out->op_id = k->op_id;
    if (k->n)
      memcpy(out->vc, k->vc, k->n * sizeof *k->vc);
    out->vc[CSAN_HOST_SLOT] = k->host;
    found = true;
  }
  pthread_mutex_unlock(&g_ctx_mu);
  return found;
}

/* CSAN_SH_RECORD_IS_LATER: is record t's operation ordered after the
 * replayed access's operation ctx? A kept operation says. One whose clock
 * is no longer kept (more than CTX_PER_SLOT operations of its stream
 * since) is taken as later, and counted: a race with it may be missed,
 * never reported falsely. Host code's records are never kept and never
 * later (every host access replays the log first). */
static int record_later(const csan_launch_ctx *ctx, uint64_t t) {
  csan_epoch_t e = 0;
  int k = kept_vc(CSAN_TAG_GET_SLOT(t), CSAN_TAG_GET_EPOCH(t), ctx->slot, &e);
  if (k < 0) {
    atomic_fetch_add(&g_later_unknown, 1);
    return 1;
  }
  return k > 0 && ctx->epoch <= e;
}

/* CSAN_SH_KEEP_OTHERS: must record t stay although an operation's record
 * made at issue supersedes it? Yes unless t is ordered before every
 * pending launch (a launch whose logged accesses may still come: the
 * oldest pending one of each stream has the smallest clock of its stream's
 * pending ones), since such a launch's replay may still have to meet t. A
 * pending launch whose clock is not kept: keep. */
/* Per thread: for record slot ts, the newest epoch of ts that every
 * pending launch is ordered after (the minimum over the pending streams'
 * oldest launches of their clock's entry for ts; 0 when one is unknown),
 * for generation gen. A copy supersedes many records of few operations. */
static __thread struct {
  uint64_t gen;
  csan_epoch_t bound[CSAN_MAX_SLOTS];
  uint8_t have[CSAN_MAX_SLOTS];
} tl_keep;

static int record_keep(const csan_launch_ctx *ctx, uint64_t t) {
  (void)ctx;
  uint32_t ts = CSAN_TAG_GET_SLOT(t);
  csan_epoch_t te = CSAN_TAG_GET_EPOCH(t);
  uint64_t gen = atomic_load(&g_pend_gen);
  if (tl_keep.gen != gen) {
    tl_keep.gen = gen;
    memset(tl_keep.have, 0, sizeof tl_keep.have);
  }
  if (!tl_keep.have[ts]) {
    csan_epoch_t first[CSAN_MAX_SLOTS];
    pthread_mutex_lock(&g_pend_mu);
    memcpy(first, g_pending_first, sizeof first);
    pthread_mutex_unlock(&g_pend_mu);
    csan_epoch_t bound = UINT32_MAX;
    for (uint32_t s = 0; s < CSAN_MAX_SLOTS; s++) {
      if (!first[s])
        continue;
      csan_epoch_t e = 0;
      if (kept_vc(s, first[s], ts, &e) <= 0)
        e = 0; /* a pending launch csan does not remember: keep everything */
      if (e < bound)
        bound = e;
    }
    tl_keep.bound[ts] = bound;
    tl_keep.have[ts] = 1;
  }
  return te > tl_keep.bound[ts];
}

/* Every context csan makes: the host hull (not for csan's own range
 * kernels, which never touch host memory), and its clock kept while host
 * memory exists (also while the region table is being rewritten: a
 * reader may then see no hull for a moment, and the clock must not be
 * missing when a record of this operation meets a replayed access). */
static void on_ctx(csan_launch_ctx *c) {
  uint64_t span = __atomic_load_n(&__csan_host_bounds[1], __ATOMIC_ACQUIRE);
  uint64_t lo = __atomic_load_n(&__csan_host_bounds[0], __ATOMIC_ACQUIRE);
  if (__atomic_load_n(&__csan_host_bounds[1], __ATOMIC_ACQUIRE) != span)
    span = 0; /* the table changed meanwhile: no hull this once */
  bool range_op = (c->flags & CSAN_CTX_F_RANGE_OP) != 0;
  c->host_lo = range_op ? 0 : lo;
  c->host_span = range_op ? 0 : span;
  if (c->host_span) {
    c->flags |= CSAN_CTX_F_HOST_HULL;
    /* A launch (or a host function) that may log: pending until done. */
    pthread_mutex_lock(&g_pend_mu);
    if (!g_pending[c->slot]) {
      g_npending++;
      g_pending_first[c->slot] = c->epoch;
      atomic_fetch_add(&g_pend_gen, 1);
    }
    g_pending[c->slot] = c->epoch;
    pthread_mutex_unlock(&g_pend_mu);
    csan_rt_hostmem_set_replays_pending(true);
  }
  uint32_t regions = 0;
  if (!span)
    csan_rt_hostmem_usage(&regions, NULL);
  if ((span || regions) && atomic_load(&g_ring))
    keep_ctx(c);
}

static void replay_pending_locked(void);
static void drain_and_settle(void);

/* Forgets every kept clock (g_ctx_mu taken here). */
static void forget_clocks(void) {
  pthread_mutex_lock(&g_ctx_mu);
  for (uint32_t s = 0; s < CSAN_MAX_SLOTS; s++) {
    if (!g_ctx[s])
      continue;
    for (uint32_t i = 0; i < CTX_PER_SLOT; i++) {
      free(g_ctx[s][i].vc);
      g_ctx[s][i] = (kept_ctx){0, 0, 0, 0, NULL};
    }
  }
  pthread_mutex_unlock(&g_ctx_mu);
}

/* A rebase restarts the epochs (the device is idle, nothing is issued):
 * what the device logged is replayed now, under the drain lock, so no
 * replay running on another thread puts old epochs into the host shadow
 * after its reset (the host shadow's hook runs after this one); then the
 * kept clocks, which name old epochs, are forgotten. */
static void on_rebase(void) {
  if (tl_draining) {
    forget_clocks();
    return;
  }
  pthread_mutex_lock(&g_drain_mu);
  tl_draining = true;
  replay_pending_locked();
  forget_clocks();
  tl_draining = false;
  pthread_mutex_unlock(&g_drain_mu);
  /* The device is idle and everything is replayed: nothing is pending. */
  pthread_mutex_lock(&g_pend_mu);
  memset(g_pending, 0, sizeof g_pending);
  memset(g_pending_first, 0, sizeof g_pending_first);
  g_npending = 0;
  atomic_fetch_add(&g_pend_gen, 1);
  pthread_mutex_unlock(&g_pend_mu);
  csan_rt_hostmem_set_replays_pending(false);
}

/* ------------------------------------------------------------------------
 * Set-up.
 * ---------------------------------------------------------------------- */

bool csan_rt_hostlog_setup(uint64_t *ring, uint64_t *counters) {
  *ring = *counters = 0;
  void *c = NULL;
  if (cudaMalloc(&c, sizeof(csan_hostlog_counters)) != cudaSuccess ||
      cudaMemset(c, 0, sizeof(csan_hostlog_counters)) != cudaSuccess) {
    if (c)
      cudaFree(c);
    csan_rt_warn_once(&g_warned_setup, "no device memory for the host-memory log: kernels' "
                                       "accesses to pinned and managed memory are not checked "
                                       "against host code");
    return false;
  }
  uint32_t cap = (uint32_t)csan_g.flags.host_log_records;
  size_t bytes = CSAN_HOSTLOG_RECORDS_OFFSET + (size_t)cap * sizeof(csan_hostlog_record);
  void *p;
  uint64_t d;
  CUresult r = csan_rt_host_mapped(bytes, &p, &d);
  if (!g_batch || g_cap != cap) {
    free(g_batch);
    g_batch = malloc((size_t)cap * sizeof *g_batch);
    g_cap = g_batch ? cap : 0;
  }
  if (r != CUDA_SUCCESS || !g_batch) {
    csan_rt_warn_once(&g_warned_setup, "no host-mapped memory for the host-memory log (CUDA "
                                       "error %d): kernels' accesses to pinned and managed "
                                       "memory are not checked against host code",
                      (int)r);
    cudaFree(c);
    if (p)
      cudaFreeHost(p); /* page-locked memory from the driver: the runtime frees it too */
    return false;
  }
  ((csan_hostlog_ring *)p)->capacity = cap;
  atomic_store(&g_counters_dev, (uint64_t)(uintptr_t)c);
  atomic_store(&g_ring, (csan_hostlog_ring *)p);
  csan_shadow_cpu_set_later(record_later);
  csan_shadow_cpu_set_keep(record_keep);
  csan_rt_ops_on_ctx(on_ctx);
  csan_rt_ops_on_rebase(on_rebase);
  csan_rt_report_on_drain(drain_and_settle);
  *ring = (uint64_t)d;
  *counters = (uint64_t)(uintptr_t)c;
  return true;
}

void csan_rt_hostlog_forget(void) {
  pthread_mutex_lock(&g_drain_mu);
  atomic_store(&g_ring, NULL); /* its pages stay mapped, like the memory-error ring */
  atomic_store(&g_counters_dev, 0);
  pthread_mutex_unlock(&g_drain_mu);
  forget_clocks();
}

/* ------------------------------------------------------------------------
 * Managed ranges.
 * ---------------------------------------------------------------------- */

void csan_rt_hostlog_managed(const void *p, uint64_t size, bool add) {
  uint64_t dev = atomic_load(&g_counters_dev);
  uint64_t lo = (uint64_t)(uintptr_t)p;
  if (!dev || !p || (add && !size))
    return;
  pthread_mutex_lock(&g_managed_mu);
  uint32_t i = 0;
  while (i < g_managed_n && g_managed_lo[i] != lo)
    i++;
  if (add && i == g_managed_n && g_managed_n == CSAN_HOSTLOG_MANAGED_MAX) {
    pthread_mutex_unlock(&g_managed_mu);
    csan_rt_warn_once(&g_warned_managed,
                      "more than %u managed allocations at once: kernels' accesses to the "
                      "others are not checked against host code",
                      CSAN_HOSTLOG_MANAGED_MAX);
    return;
  }
  if (add) {
    if (i == g_managed_n)
      g_managed_n++;
    g_managed_lo[i] = lo;
    g_managed_end[i] = lo + size;
  } else if (i < g_managed_n) {
    g_managed_n--;
    g_managed_lo[i] = g_managed_lo[g_managed_n];
    g_managed_end[i] = g_managed_end[g_managed_n];
  } else {
    pthread_mutex_unlock(&g_managed_mu);
    return;
  }
  /* The whole table in one copy on csan's stream, waited for: a kernel
   * launched after this call sees it. */
  csan_hostlog_counters t;
  memset(&t, 0, sizeof t);
  t.managed_n = g_managed_n;
  memcpy(t.managed_lo, g_managed_lo, sizeof t.managed_lo);
  memcpy(t.managed_end, g_managed_end, sizeof t.managed_end);
  size_t off = offsetof(csan_hostlog_counters, managed_n);
  csan_rt_own own;
  csan_rt_own_begin(&own);
  bool ok = csan_g.drv.cuMemcpyHtoDAsync((CUdeviceptr)(dev + off), (const char *)&t + off,
                                         sizeof t - off, (CUstream)csan_g.priv) == CUDA_SUCCESS &&
            csan_rt_priv_wait() == CUDA_SUCCESS;
  csan_rt_own_end(&own);
  pthread_mutex_unlock(&g_managed_mu);
  if (!ok)
    csan_rt_warn_once(&g_warned_managed, "the device's table of managed allocations could not "
                                         "be written: kernels' accesses to managed memory may "
                                         "not be checked against host code");
}

/* ------------------------------------------------------------------------
 * Replay.
 * ---------------------------------------------------------------------- */

/* The context of the launch being replayed: a batch holds long runs of one
 * launch's records, so it is looked up once per run. Under g_drain_mu. */
static csan_launch_ctx g_replay_ctx;
static bool g_replay_ctx_ok;

static void replay(const csan_hostlog_record *r) {
  csan_launch_ctx *ctx = &g_replay_ctx;
  if (!g_replay_ctx_ok || ctx->slot != r->slot || ctx->epoch != r->epoch) {
    g_replay_ctx_ok = kept_full(r->slot, r->epoch, ctx);
    if (!g_replay_ctx_ok) {
      atomic_fetch_add(&g_unknown, 1);
      return;
    }
    ctx->magic = CSAN_CTX_MAGIC;
    ctx->abi_version = CSAN_ABI_VERSION;
    ctx->flags = CSAN_CTX_F_REPLAYED;
  }
  /* The mask's runs of bytes, one access each (merged lanes may leave
   * holes). */
  uint32_t m = r->mask & 0xffffu;
  while (m) {
    uint32_t lo = (uint32_t)__builtin_ctz(m);
    uint32_t len = (uint32_t)__builtin_ctz(~(m >> lo));
    csan_rt_hostmem_device_access(ctx, (const void *)(uintptr_t)(r->gaddr + lo), len,
                                  r->access, r->site);
    m &= ~(((1u << len) - 1u) << lo);
  }
  atomic_fetch_add(&g_replayed, 1);
}

/* Takes every READY record and replays it; under g_drain_mu. */
static void replay_pending_locked(void) {
  csan_hostlog_ring *ring = atomic_load(&g_ring);
  if (!ring)
    return;
  _Atomic uint32_t *pending = (_Atomic uint32_t *)&ring->pending;
  atomic_fetch_add(&g_replaying, 1);
  uint32_t n = 0;
  /* Cleared before the copy: a record published after it sets it again. */
  if (atomic_exchange_explicit(pending, 0, memory_order_acq_rel)) {
    csan_hostlog_record *recs =
        (csan_hostlog_record *)(void *)((char *)ring + CSAN_HOSTLOG_RECORDS_OFFSET);
    for (uint32_t i = 0; i < ring->capacity && i < g_cap; i++) {
      _Atomic uint32_t *state = (_Atomic uint32_t *)&recs[i].state;
      if (atomic_load_explicit(state, memory_order_acquire) != CSAN_HOSTLOG_READY)
        continue;
      g_batch[n++] = recs[i];
      atomic_store_explicit(state, CSAN_HOSTLOG_EMPTY, memory_order_release);
    }
  }
  g_replay_ctx_ok = false; /* kept clocks may have changed since the last batch */
  for (uint32_t i = 0; i < n; i++)
    replay(&g_batch[i]);
  if (n)
    csan_rt_hostmem_drain(); /* the batch's races, each with all its bytes */
  atomic_fetch_sub(&g_replaying, 1);
}

/* After a replay: the pending launches that had completed before it (done:
 * the model's done clock taken before the replay, so every record of them
 * was in the ring) are pending no more. */
static void settle_pending(const csan_vc *done) {
  pthread_mutex_lock(&g_pend_mu);
  for (uint32_t s = 0; s < CSAN_MAX_SLOTS && g_npending; s++)
    if (g_pending[s] && g_pending[s] <= done->c[s]) {
      g_pending[s] = g_pending_first[s] = 0;
      g_npending--;
      atomic_fetch_add(&g_pend_gen, 1);
    }
  bool any = g_npending != 0;
  pthread_mutex_unlock(&g_pend_mu);
  csan_rt_hostmem_set_replays_pending(any);
}

void csan_rt_hostlog_drain(void) {
  csan_hostlog_ring *ring = atomic_load(&g_ring);
  if (!ring || tl_draining)
    return;
  _Atomic uint32_t *pending = (_Atomic uint32_t *)&ring->pending;
  if (!atomic_load_explicit(pending, memory_order_acquire) && !atomic_load(&g_replaying))
    return;
  /* Blocking: a host access after this call must meet every record the
   * device published before it, including those another thread's drain
   * took and is still replaying. */
  pthread_mutex_lock(&g_drain_mu);
  tl_draining = true;
  replay_pending_locked();
  tl_draining = false;
  pthread_mutex_unlock(&g_drain_mu);
}

/* csan_rt_drain's hook (each synchronization the host observes, no csan
 * lock held): the replay, then the launches known complete before it stop
 * being pending. Host accesses replay without this (csan_rt_hostlog_drain):
 * reading the done clock takes the model's lock. */
static void drain_and_settle(void) {
  bool any = __atomic_load_n(&g_npending, __ATOMIC_RELAXED) != 0;
  csan_vc done;
  if (any)
    csan_model_done_clock(csan_g.model, &done);
  csan_rt_hostlog_drain();
  if (any)
    settle_pending(&done);
  csan_rt_hostmem_drain_deferred(); /* races host functions found */
}

void csan_rt_hostlog_exit(void) {
  if (!atomic_load(&g_ring))
    return;
  csan_rt_hostlog_drain();
  csan_hostlog_counters c;
  uint32_t dropped = 0;
  if (atomic_load(&csan_g.dev) == CSAN_DEV_READY &&
      csan_rt_read_device(&c, atomic_load(&g_counters_dev), offsetof(csan_hostlog_counters,
                                                                     managed_n)))
    dropped = c.dropped;
  if (dropped)
    csan_log_printf("csan: WARNING: %u kernel access(es) to host memory found the host-memory "
                    "log full: not checked against host code (CSAN_OPTIONS=host_log_records, "
                    "now %u)\n",
                    dropped, g_cap);
  uint64_t later = atomic_load(&g_later_unknown);
  if (later)
    csan_log_printf("csan: WARNING: %llu time(s) a kernel's replayed access to host memory met a "
                    "record of an operation csan no longer remembers (more than %u operations "
                    "on its stream since): taken as ordered after the kernel, so a race between "
                    "them may be missed\n",
                    (unsigned long long)later, CTX_PER_SLOT);
  uint64_t unknown = atomic_load(&g_unknown);
  if (unknown)
    csan_log_printf("csan: WARNING: %llu kernel access(es) to host memory belong to launches "
                    "csan no longer remembers (more than %u operations on one stream before "
                    "the host synchronized): not checked against host code\n",
                    (unsigned long long)unknown, CTX_PER_SLOT);
  if (csan_g.flags.verbosity >= 1 && atomic_load(&g_replayed))
    csan_log_printf("csan: host-memory log: %llu kernel record(s) replayed\n",
                    (unsigned long long)atomic_load(&g_replayed));
}
