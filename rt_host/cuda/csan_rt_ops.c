/* csan_rt_ops.c: CUDA handles as model keys, operations, host waits,
 * and the epoch window.
 *
 * Keys. The null stream is the legacy default stream (CSAN_STREAM_LEGACY),
 * or under a _ptsz/_ptds entry point the calling thread's per-thread default
 * stream; cudaStreamLegacy (0x1) is the legacy stream; cudaStreamPerThread
 * (0x2) the calling thread's per-thread stream; every other handle is its own
 * key. A per-thread stream's key has the top bit set (CSAN_RT_PT_KEY_BIT) and
 * a number unique to the thread: no handle (a user-space pointer) has that
 * bit. It is created in the model on first use and destroyed when its thread
 * exits. A stream csan did not see created (a library's) is added on first
 * use, blocking or not as cuStreamGetFlags says; events likewise.
 *
 * Operations are prepared before the CUDA call and committed only when it
 * succeeded (csan_model_op_prepare/commit). They are registered in the
 * operation registry at prepare time, so a report can never meet an
 * operation that is running but unknown.
 *
 * Slots: creating a stream when all 254 slots are held by live streams or
 * by destroyed streams whose work the program never waited for reuses the
 * slot destroyed longest ago and names that stream in a warning (its
 * checking is cut there; csan's own synchronization would not order its
 * work); if 254 streams are really alive, that is fatal.
 *
 * Epoch window: when some slot's counter reached CSAN_EPOCH_RESET_AT, the
 * next operation synchronizes the device (for csan: the program's host
 * clock does not move) and reports what the race table holds. Then, under the issue lock (g_issue: every operation and host
 * operation holds it shared from prepare to commit, so holding it
 * exclusively stops all issuing), it checks that nothing was issued since
 * the synchronization began (the host has observed every epoch handed out),
 * and only then empties the race table, resets every page shadow and the
 * pool (FREE markers survive as epoch-0 records) and rebases the model.
 * Streams with work the program never waited for lose their checking
 * against later work at that point, and csan names them.
 * Work another thread issued meanwhile may still be running and keeps its
 * records: the reset waits for the next operation (the counters have 2^31
 * epochs of headroom). No lock is held across the device synchronization;
 * the reset waits only for csan's own stream.
 */
#include "csan_rt_ops.h"

#include "csan_rt_errors.h"
#include "csan_rt_pool.h"
#include "csan_rt_report.h"
#include "csan_rt_shadow.h"

#include <stdlib.h>
#include <string.h>

_Atomic bool csan_rt_rebase_pending;

/* Held shared by every thread issuing an operation (prepare to commit),
 * exclusively by the rebase; writers first, so issuing threads cannot
 * starve it. */
static pthread_rwlock_t g_issue;
static pthread_once_t g_issue_once = PTHREAD_ONCE_INIT;

static void issue_init(void) {
  pthread_rwlockattr_t a;
  pthread_rwlockattr_init(&a);
  pthread_rwlockattr_setkind_np(&a, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
  pthread_rwlock_init(&g_issue, &a);
  pthread_rwlockattr_destroy(&a);
}

static void issue_lock(void) {
  pthread_once(&g_issue_once, issue_init);
  pthread_rwlock_rdlock(&g_issue);
}

static void issue_unlock(void) {
  pthread_rwlock_unlock(&g_issue);
}

/* ------------------------------------------------------------------------
 * Streams.
 * ---------------------------------------------------------------------- */

static _Atomic uint64_t g_next_thread = 1;
static __thread uint64_t tl_pt_key;
static pthread_key_t g_pt_exit_key;
static pthread_once_t g_pt_once = PTHREAD_ONCE_INIT;

/* A thread's per-thread default stream goes with the thread. */
static void pt_thread_exit(void *v) {
  csan_key key = (csan_key)(uintptr_t)v;
  if (csan_g.model && !atomic_load(&csan_g.exiting))
    csan_model_stream_destroy(csan_g.model, key);
}

static void pt_key_init(void) {
  pthread_key_create(&g_pt_exit_key, pt_thread_exit);
}

static csan_key pt_key(void) {
  if (!tl_pt_key) {
    tl_pt_key = CSAN_RT_PT_KEY_BIT | atomic_fetch_add(&g_next_thread, 1);
    pthread_once(&g_pt_once, pt_key_init);
    pthread_setspecific(g_pt_exit_key, (void *)(uintptr_t)tl_pt_key);
  }
  return tl_pt_key;
}

csan_key csan_rt_stream_key(cudaStream_t s, bool pt) {
  uintptr_t h = (uintptr_t)s;
  if (h == 0)
    return pt ? pt_key() : CSAN_STREAM_LEGACY;
  if (h == (uintptr_t)cudaStreamLegacy)
    return CSAN_STREAM_LEGACY;
  if (h == (uintptr_t)cudaStreamPerThread)
    return pt_key();
  return (csan_key)h;
}

CUstream csan_rt_cu_stream(cudaStream_t s, bool pt) {
  if (!s)
    return pt ? CU_STREAM_PER_THREAD : CU_STREAM_LEGACY;
  return (CUstream)s;
}

void csan_rt_stream_add(csan_key key, csan_stream_kind kind) {
  int rc = csan_model_stream_create(csan_g.model, key, kind);
  if (rc == CSAN_MODEL_EEXISTS) {
    /* A handle CUDA handed out again: the old stream is gone (destroyed by
     * code csan did not see). */
    csan_model_stream_destroy(csan_g.model, key);
    rc = csan_model_stream_create(csan_g.model, key, kind);
  }
  if (rc == CSAN_MODEL_ENOSLOT) {
    /* Every slot is held by a live stream or by a destroyed one whose work
     * the program never waited for. Synchronizing the device would not
     * make that work ordered (the program did not wait), so csan does not:
     * it reuses the slot destroyed longest ago and says whose checking
     * that cuts. */
    csan_key cut = 0;
    rc = csan_model_stream_recycle(csan_g.model, key, kind, &cut);
    if (rc == CSAN_MODEL_OK && cut)
      csan_rt_report_cut("all 254 stream slots are in use; the slot of a destroyed stream is reused", &cut,
              1);
  }
  if (rc == CSAN_MODEL_ENOSLOT)
    csan_rt_fatal("%u CUDA streams are alive and the program creates another; csan tells "
                  "streams apart by an 8-bit slot and supports at most %u live streams besides "
                  "the default stream",
                  CSAN_MAX_SLOTS - 2, CSAN_MAX_SLOTS - 2);
}

bool csan_rt_stream_ensure(cudaStream_t s, bool pt, csan_key *key) {
  csan_key k = csan_rt_stream_key(s, pt);
  *key = k;
  if (k == CSAN_STREAM_LEGACY || csan_model_stream_exists(csan_g.model, k))
    return true;
  csan_stream_kind kind = CSAN_STREAM_PER_THREAD;
  if (!(k & CSAN_RT_PT_KEY_BIT)) {
    unsigned int flags = 0;
    if (csan_g.drv.cuStreamGetFlags((CUstream)s, &flags) != CUDA_SUCCESS)
      return false; /* not a stream: the application's call fails on its own */
    kind = (flags & CU_STREAM_NON_BLOCKING) ? CSAN_STREAM_NONBLOCKING : CSAN_STREAM_BLOCKING;
  }
  int rc = csan_model_stream_create(csan_g.model, k, kind);
  if (rc == CSAN_MODEL_ENOSLOT)
    csan_rt_stream_add(k, kind);
  return true;
}

bool csan_rt_capturing(cudaStream_t s, bool pt) {
  CUstreamCaptureStatus st = CU_STREAM_CAPTURE_STATUS_NONE;
  if (csan_g.drv.cuStreamIsCapturing(csan_rt_cu_stream(s, pt), &st) != CUDA_SUCCESS ||
      st == CU_STREAM_CAPTURE_STATUS_NONE)
    return false;
  return true; /* captured work is checked when its graph is launched */
}

csan_key csan_rt_event_key(cudaEvent_t e) {
  return (csan_key)(uintptr_t)e;
}

void csan_rt_event_ensure(csan_key key) {
  /* Re-creating an existing key would forget its record: only unknown ones. */
  bool recorded = false;
  csan_vc vc;
  if (csan_model_event_clock(csan_g.model, key, &vc, &recorded) == CSAN_MODEL_EUNKNOWN_EVENT)
    csan_model_event_create(csan_g.model, key);
}

/* ------------------------------------------------------------------------
 * Operations.
 * ---------------------------------------------------------------------- */

/* The descriptions a thread registered last, by what they are made of: a
 * loop issues the same operation again and again, and a hit skips interning
 * four strings and the description table's lock. The strings compared by
 * pointer are immortal (interned kernel names, string literals, the
 * compiler's site constants), so equal pointers mean equal text. */
#define DESC_CACHE 8
typedef struct desc_key {
  csan_op_kind kind;
  const char *what;
  csan_key stream;
  const char *file, *function;
  uint32_t line, column, stack;
  uint64_t bytes;
  const void *module;
  const char *stream_name;
} desc_key;
static __thread struct {
  desc_key key;
  uint32_t desc;
} tl_descs[DESC_CACHE];

static bool desc_key_eq(const desc_key *a, const desc_key *b) {
  return a->kind == b->kind && a->what == b->what && a->stream == b->stream &&
         a->file == b->file && a->function == b->function && a->line == b->line &&
         a->column == b->column && a->stack == b->stack && a->bytes == b->bytes &&
         a->module == b->module && a->stream_name == b->stream_name;
}

static void op_register(const csan_op *op, csan_key stream, const csan_rt_op_desc *d,
                        const char *stream_name) {
  desc_key k;
  memset(&k, 0, sizeof k);
  k.kind = d->kind;
  k.what = d->what;
  k.stream = stream;
  if (d->site) {
    k.file = d->site->file;
    k.function = d->site->function;
    k.line = d->site->line;
    k.column = d->site->column;
  }
  k.stack = d->stack;
  k.bytes = d->bytes;
  k.module = d->module;
  k.stream_name = stream_name;
  unsigned slot = (unsigned)(((uintptr_t)k.what >> 4) ^ k.line ^ k.stack) % DESC_CACHE;
  uint32_t desc = tl_descs[slot].desc && desc_key_eq(&tl_descs[slot].key, &k)
                      ? tl_descs[slot].desc
                      : 0;
  if (!desc) {
    csan_op_info info;
    memset(&info, 0, sizeof info);
    info.kind = d->kind;
    info.what = d->what;
    info.stream = stream;
    if (d->site)
      info.site = *d->site;
    info.stack = d->stack;
    info.bytes = d->bytes;
    info.module = d->module;
    info.stream_name = stream_name;
    desc = csan_ops_describe(csan_g.ops, &info);
    tl_descs[slot].key = k;
    tl_descs[slot].desc = desc;
  }
  if (desc)
    csan_ops_add_described(csan_g.ops, op->slot, op->epoch, op->op_id, desc);
}

bool csan_rt_op_begin(csan_rt_op *o, cudaStream_t s, bool pt, const csan_rt_op_desc *d) {
  o->prepared = false;
  if (atomic_load_explicit(&csan_rt_rebase_pending, memory_order_relaxed))
    csan_rt_maybe_rebase();
  o->stream = csan_rt_stream_key(s, pt);
  o->cu = csan_rt_cu_stream(s, pt);
  issue_lock();
  int rc = csan_model_op_prepare(csan_g.model, o->stream, &o->op);
  if (rc == CSAN_MODEL_EUNKNOWN_STREAM) {
    issue_unlock(); /* adding a stream may synchronize the device */
    csan_key k;
    if (!csan_rt_stream_ensure(s, pt, &k))
      return false;
    issue_lock();
    rc = csan_model_op_prepare(csan_g.model, o->stream, &o->op);
  }
  if (rc == CSAN_MODEL_EEPOCH) {
    issue_unlock();
    atomic_store(&csan_rt_rebase_pending, true);
    csan_rt_maybe_rebase();
    issue_lock();
    rc = csan_model_op_prepare(csan_g.model, o->stream, &o->op);
  }
  if (rc != CSAN_MODEL_OK) {
    issue_unlock();
    return false;
  }
  o->prepared = true;
  op_register(&o->op, o->stream, d, NULL);
  return true;
}

bool csan_rt_lane_op(csan_op *op, csan_key lane, const csan_rt_op_desc *d,
                     const char *stream_name) {
  issue_lock();
  if (csan_model_op_prepare(csan_g.model, lane, op) != CSAN_MODEL_OK) {
    issue_unlock();
    return false;
  }
  op_register(op, lane, d, stream_name);
  csan_model_op_commit(csan_g.model, op);
  issue_unlock();
  if (op->epoch >= CSAN_EPOCH_RESET_AT)
    atomic_store(&csan_rt_rebase_pending, true);
  return true;
}

void csan_rt_op_end(csan_rt_op *o, bool success) {
  if (!o->prepared)
    return;
  o->prepared = false;
  if (!success) {
    csan_model_op_abort(csan_g.model, &o->op);
    issue_unlock();
    return;
  }
  csan_model_op_commit(csan_g.model, &o->op);
  issue_unlock();
  if (o->op.epoch >= CSAN_EPOCH_RESET_AT)
    atomic_store(&csan_rt_rebase_pending, true);
}

static void (*_Atomic g_ctx_hook)(csan_launch_ctx *c);

void csan_rt_ops_on_ctx(void (*fn)(csan_launch_ctx *c)) { atomic_store(&g_ctx_hook, fn); }

void csan_rt_ctx_fill(csan_launch_ctx *c, const csan_op *op, uint32_t flags) {
  memset(c, 0, offsetof(csan_launch_ctx, vc));
  c->magic = CSAN_CTX_MAGIC;
  c->abi_version = CSAN_ABI_VERSION;
  c->slot = (uint16_t)op->slot;
  c->epoch = op->epoch;
  c->flags = flags;
  if (!(flags & CSAN_CTX_F_RANGE_OP) && csan_rt_memerr_on())
    c->flags |= CSAN_CTX_F_MEMORY_ERRORS; /* issue 17 */
  c->shadow_dir = csan_g.dir;
  csan_rt_pool_grow_if_low(); /* the device said the pool runs low */
  c->pool = csan_g.pool;
  c->races = csan_g.races;
  c->op_id = op->op_id;
  memcpy(c->vc, op->vc.c, sizeof c->vc);
  void (*hook)(csan_launch_ctx *) = atomic_load(&g_ctx_hook);
  if (hook)
    hook(c); /* the host hull (csan_rt_hostlog.c) */
}

void csan_rt_op_ctx(csan_rt_op *o, uint32_t flags) {
  csan_rt_ctx_fill(&o->ctx, &o->op, flags);
}

_Static_assert(offsetof(csan_rt_op, ctx_post) == offsetof(csan_rt_op, ctx) + sizeof(csan_launch_ctx),
               "a twin with two contexts takes &ctx as an array of both");

void csan_rt_ctx_pair(csan_launch_ctx *c) {
  c[0].flags |= CSAN_CTX_F_PDL_PAIR;
  c[1].flags |= CSAN_CTX_F_PDL_PAIR | CSAN_CTX_F_PDL_POST;
}

/* Per slot, the last programmatic launch (its operation's number, unique
 * for the run, so a slot reused by another stream never matches) and the
 * epoch its context before the wait was ordered after on its own slot, so
 * a chain of programmatic launches goes back to its first. */
static struct {
  uint64_t op_id;
  csan_epoch_t floor;
} g_pdl[CSAN_MAX_SLOTS];
static pthread_mutex_t g_pdl_mu = PTHREAD_MUTEX_INITIALIZER;

void csan_rt_op_ctx_pdl(csan_rt_op *o, bool pair, bool programmatic) {
  if (pair) {
    o->ctx_post = o->ctx;
    csan_rt_ctx_pair(&o->ctx);
  }
  if (!programmatic)
    return;
  uint32_t s = o->op.slot;
  csan_epoch_t prev = o->op.epoch - 1;
  csan_op_info info;
  if (s >= CSAN_MAX_SLOTS || !prev || !csan_ops_find(csan_g.ops, s, prev, &info) ||
      info.kind != CSAN_OPK_KERNEL)
    return; /* after no kernel: fully ordered, as CUDA does */
  pthread_mutex_lock(&g_pdl_mu);
  csan_epoch_t floor = g_pdl[s].op_id && g_pdl[s].op_id == info.op_id ? g_pdl[s].floor : prev - 1;
  g_pdl[s].op_id = o->op.op_id;
  g_pdl[s].floor = floor;
  pthread_mutex_unlock(&g_pdl_mu);
  if (o->ctx.vc[s] > floor)
    o->ctx.vc[s] = floor;
}

bool csan_rt_host_op(csan_op *op, const csan_rt_op_desc *d) {
  issue_lock();
  int rc = csan_model_host_op(csan_g.model, op);
  issue_unlock();
  if (rc == CSAN_MODEL_EEPOCH) {
    atomic_store(&csan_rt_rebase_pending, true);
    csan_rt_maybe_rebase();
    issue_lock();
    rc = csan_model_host_op(csan_g.model, op);
    issue_unlock();
  }
  if (rc != CSAN_MODEL_OK)
    return false;
  op_register(op, 0, d, NULL);
  if (op->epoch >= CSAN_EPOCH_RESET_AT)
    atomic_store(&csan_rt_rebase_pending, true);
  return true;
}

/* ------------------------------------------------------------------------
 * Host stacks.
 * ---------------------------------------------------------------------- */

uint32_t csan_rt_stack(const void *ra, const csan_host_site *site) {
  uint32_t id = csan_stack_capture(ra, 0);
  if (id && csan_host_site_in_cuda_glue(site)) {
    const uintptr_t *pcs;
    size_t n = csan_stack_get(id, &pcs);
    if (n > 1)
      id = csan_stack_put(pcs + 1, n - 1);
  }
  return id;
}

/* ------------------------------------------------------------------------
 * The host waits.
 * ---------------------------------------------------------------------- */

void csan_rt_host_observed(const csan_vc *vc) {
  csan_model_host_join(csan_g.model, vc);
  csan_rt_drain();
}

cudaError_t csan_rt_device_sync(csan_vc *all) {
  csan_vc issued;
  csan_model_device_clock(csan_g.model, &issued);
  csan_rt_own own;
  csan_rt_own_begin(&own);
  bool clean = csan_rt_err_save();
  cudaError_t e = cudaDeviceSynchronize();
  csan_rt_err_restore(clean, e);
  csan_rt_own_end(&own);
  if (e == cudaSuccess)
    csan_model_complete(csan_g.model, &issued);
  if (all)
    *all = issued;
  return e;
}

/* True when every epoch handed out has completed. */
static bool all_complete(void) {
  csan_vc issued, done;
  csan_model_device_clock(csan_g.model, &issued);
  csan_model_done_clock(csan_g.model, &done);
  for (uint32_t s = 0; s < CSAN_MAX_SLOTS; s++)
    if (issued.c[s] > done.c[s])
      return false;
  return true;
}

#define REBASE_HOOKS 4
static void (*_Atomic g_rebase_hook[REBASE_HOOKS])(void);

void csan_rt_ops_on_rebase(void (*fn)(void)) {
  for (int i = 0; i < REBASE_HOOKS; i++) {
    void (*none)(void) = NULL;
    if (atomic_load(&g_rebase_hook[i]) == fn ||
        atomic_compare_exchange_strong(&g_rebase_hook[i], &none, fn))
      return;
  }
}

void csan_rt_maybe_rebase(void) {
  static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
  if (!atomic_load(&csan_rt_rebase_pending))
    return;
  /* One thread does it; the others go on (there is headroom). */
  if (pthread_mutex_trylock(&mu) != 0)
    return;
  if (!csan_model_needs_rebase(csan_g.model)) {
    atomic_store(&csan_rt_rebase_pending, false);
  } else if (csan_rt_device_sync(NULL) == cudaSuccess) {
    /* Every operation issued before the synchronization completed: report
     * them before their epochs go. */
    csan_rt_drain();
    pthread_once(&g_issue_once, issue_init);
    pthread_rwlock_wrlock(&g_issue);
    /* Work issued since the synchronization began may still be running: its
     * records must outlive this attempt. Else empty the race table, whose
     * keys (slot, epoch) would name new races after the restart, and reset
     * the shadow (csan's own stream only) while nobody can issue. */
    if (all_complete()) {
      csan_rt_races_clear();
      csan_rt_shadow_rebase();
      for (int i = 0; i < REBASE_HOOKS; i++) {
        void (*hook)(void) = atomic_load(&g_rebase_hook[i]);
        if (hook)
          hook(); /* the host shadow (csan_rt_hostmem.c), the host-memory log */
      }
      csan_key cut[CSAN_MAX_SLOTS];
      size_t ncut = 0;
      if (csan_model_rebase(csan_g.model, cut, CSAN_MAX_SLOTS, &ncut) == CSAN_MODEL_OK) {
        csan_ops_clear(csan_g.ops);
        atomic_store(&csan_rt_rebase_pending, false);
        if (csan_g.flags.verbosity >= 1)
          csan_log_printf("csan: the epoch window is used up: synchronized the device, reset "
                          "the shadow and restarted the clocks\n");
        csan_rt_report_cut("the epoch window is used up and csan restarted its clocks", cut, ncut);
      }
    }
    pthread_rwlock_unlock(&g_issue);
  }
  pthread_mutex_unlock(&mu);
}

/* ------------------------------------------------------------------------
 * Tests.
 * ---------------------------------------------------------------------- */

int csan_rt_advance(csan_key key, uint32_t n) {
  issue_lock();
  int rc = csan_model_advance(csan_g.model, key, n);
  issue_unlock();
  if (rc != CSAN_MODEL_OK)
    return -1;
  if (csan_model_needs_rebase(csan_g.model))
    atomic_store(&csan_rt_rebase_pending, true);
  return 0;
}
