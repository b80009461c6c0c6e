/* csan_rt_hostmem.c: host memory the device uses (csan_rt_hostmem.h).
 *
 * One host shadow (core/csan_hostmem.c) holds the records of every region.
 *
 * Host accesses. Host accesses are recorded under a host operation,
 * (CSAN_HOST_SLOT, E), shared by every access until the next operation is
 * issued anywhere: then the next access takes a new one. Its records are
 * ordered before every device operation issued after it (each operation
 * joins the host clock, which holds E), which is CUDA's rule that device
 * work is ordered after the host accesses issued before it. A new E after
 * each operation is what makes the engine's fast path right on the host:
 * an access that finds its own operation's record skips the check, which
 * holds only while no other operation can have added records since. A host access
 * is checked with the calling thread's clock (csan_model_thread_clock):
 * device work is ordered before it only through a synchronization that
 * thread observed. Host slot records never race with each other here
 * (races between host threads are ThreadSanitizer's business, not csan's).
 *
 * Reports. The host shadow's race table is read after every access that
 * added to it. An entry whose reporting side is a host access is given an
 * operation of its own (a host operation registered with the access's
 * site and host stack) before the reporter sees it, so the report names
 * the line and stack of the access, not the shared operation E. A drain
 * that runs while the model is locked (a host function or a kernel of the
 * fake running inside its launch) leaves such entries for the next one.
 *
 * Device operations (copies, sets, library calls) record their host
 * regions with their own context when issued, as csan's range kernel does
 * for device memory; host functions run with their operation's context.
 */
#include "csan_rt_hostmem.h"

#include "csan_memerr.h"
#include "csan_rt_ops.h"
#include "csan_rt_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* {lo, span}: what instrumented code tests inline (csan_hostmem.h). */
CSAN_EXPORT volatile uint64_t __csan_host_bounds[2];

/* Escalation blocks of the host shadow (128 bytes each: 8 MiB). */
#define HOST_POOL_BLOCKS 65536u

static pthread_once_t g_once = PTHREAD_ONCE_INIT;
static csan_hostmem *_Atomic g_h;
/* E: the operation host accesses are part of now, and its op_id. */
static pthread_mutex_t g_epoch_mu = PTHREAD_MUTEX_INITIALIZER;
static _Atomic csan_epoch_t g_host_epoch;
static _Atomic uint64_t g_host_op_id;
static const char *_Atomic g_host_what; /* "host code", interned by the registry */
/* Bumped by each epoch rebase: an operation made while it changed may
 * belong to the old window (csan_rt_hostmem_rebase). */
static _Atomic uint64_t g_rebase_gen;
static _Atomic uint64_t g_checked;
/* Kernels with a host hull issued and not yet known complete and replayed
 * (csan_rt_hostlog.c says): device operations' records then keep others'. */
static _Atomic bool g_replays_pending;
static _Atomic uint32_t g_threads;
static _Atomic bool g_warned_oom;
/* Clocks of the program's locks and ended threads (core/csan_hostmem_sync.c):
 * made with the first region, so a program without one pays for none. */
csan_hostsync *_Atomic csan_rt_hostmem_sync_table;
static _Atomic bool g_warned_sync;
#define SYNC_OBJECTS_LOG2 14

/* Race entries handed to the reporter, by key. */
static pthread_mutex_t g_drain_mu = PTHREAD_MUTEX_INITIALIZER;
static uint64_t *g_handled;
static uint32_t g_handled_cap, g_handled_n, g_last_used;

static void at_exit(void) { csan_rt_hostmem_drain(); }

static void init_once(void) {
  csan_hostmem_bounds b = {&__csan_host_bounds[0], &__csan_host_bounds[1]};
  csan_hostmem *h = csan_hostmem_create(HOST_POOL_BLOCKS, csan_g.flags.race_table_size, b);
  if (!h) {
    csan_rt_warn_once(&g_warned_oom, "no memory for the shadow of pinned and managed memory; "
                                     "host accesses are not checked");
    return;
  }
  csan_op op;
  csan_rt_op_desc d = {CSAN_OPK_OTHER, "host code", 0, NULL, NULL, 0};
  if (!csan_rt_host_op(&op, &d)) {
    csan_hostmem_destroy(h);
    return;
  }
  csan_op_info info;
  if (csan_ops_find(csan_g.ops, op.slot, op.epoch, &info))
    atomic_store(&g_host_what, info.what);
  atomic_store(&g_host_op_id, op.op_id);
  atomic_store(&g_host_epoch, op.epoch);
  g_handled_cap = 2 * csan_g.flags.race_table_size;
  g_handled = calloc(g_handled_cap, sizeof *g_handled);
  atomic_store(&g_h, h);
  csan_rt_ops_on_rebase(csan_rt_hostmem_rebase);
  csan_hostsync *sync = csan_hostsync_create(SYNC_OBJECTS_LOG2);
  if (!sync)
    csan_rt_warn_once(&g_warned_sync, "no memory for the clocks of the program's locks; host "
                                      "threads are ordered only by their own synchronizations");
  atomic_store_explicit(&csan_rt_hostmem_sync_table, sync, memory_order_release);
  atexit(at_exit); /* after csan's own exit handler was registered: runs before it */
}

static csan_hostmem *hostmem(void) { return atomic_load_explicit(&g_h, memory_order_acquire); }

void csan_rt_hostmem_sync_full(void) {
  csan_rt_warn_once(&g_warned_sync,
                    "more than %u of the program's locks and threads pass host clocks; the "
                    "others do not (a host thread ordered only through them may be reported)",
                    1u << SYNC_OBJECTS_LOG2);
}

void csan_rt_hostmem_add(const void *p, uint64_t size, uint32_t kind) {
  if (!p || !size)
    return;
  pthread_once(&g_once, init_once);
  csan_hostmem *h = hostmem();
  if (h && csan_hostmem_add(h, (uint64_t)(uintptr_t)p, size, kind) != CSAN_SHADOW_OK)
    csan_rt_warn_once(&g_warned_oom, "no memory for the shadow of pinned and managed memory; "
                                     "some host accesses are not checked");
}

void csan_rt_hostmem_remove(const void *p) {
  csan_hostmem *h = hostmem();
  if (h)
    csan_hostmem_remove(h, (uint64_t)(uintptr_t)p);
}

/* ------------------------------------------------------------------------
 * Freed regions. A freed region stays in the table, retired, so a host
 * access to it is reported as a use after free (memory_errors). Pinned
 * blocks are held, not given back, while retired (as ASan's quarantine
 * does): once the driver unmaps them, an mmap of the program (a large
 * malloc) could be handed the same addresses, and accesses to that memory
 * would be taken for accesses to the freed block. Managed memory lives in
 * the driver's own address range, which only a later managed allocation
 * reuses (a new region replaces the retired one). The most recent
 * HOLD_MAX frees, at most HOLD_BYTES of held memory, stay retired.
 * ---------------------------------------------------------------------- */

#define HOLD_MAX 256u
#define HOLD_BYTES (64ull << 20)

typedef struct held {
  const void *p;
  uint64_t size;              /* bytes held (0: not held, only retired) */
  void (*really_free)(void *);
} held;

static pthread_mutex_t g_hold_mu = PTHREAD_MUTEX_INITIALIZER;
static held g_hold[HOLD_MAX];
static uint32_t g_hold_first, g_hold_n;
static uint64_t g_hold_bytes;

static void retire(const void *p, uint64_t size, void (*really_free)(void *)) {
  csan_hostmem *h = hostmem();
  if (!h || !csan_hostmem_retire(h, (uint64_t)(uintptr_t)p)) {
    if (really_free)
      really_free((void *)p);
    return;
  }
  held out[HOLD_MAX];
  uint32_t nout = 0;
  pthread_mutex_lock(&g_hold_mu);
  while (g_hold_n && (g_hold_n == HOLD_MAX || g_hold_bytes + size > HOLD_BYTES)) {
    out[nout++] = g_hold[g_hold_first];
    g_hold_bytes -= g_hold[g_hold_first].size;
    g_hold_first = (g_hold_first + 1) % HOLD_MAX;
    g_hold_n--;
  }
  g_hold[(g_hold_first + g_hold_n++) % HOLD_MAX] = (held){p, really_free ? size : 0, really_free};
  g_hold_bytes += really_free ? size : 0;
  pthread_mutex_unlock(&g_hold_mu);
  for (uint32_t i = 0; i < nout; i++) {
    csan_hostmem_drop_retired(h, (uint64_t)(uintptr_t)out[i].p);
    if (out[i].really_free)
      out[i].really_free((void *)out[i].p);
  }
}

void csan_rt_hostmem_retire(const void *p) { retire(p, 0, NULL); }

void csan_rt_hostmem_hold(void *p, uint64_t size, void (*really_free)(void *)) {
  retire(p, size, really_free);
}

void csan_rt_hostmem_device_reset(void) {
  csan_hostmem *h = hostmem();
  if (!h)
    return;
  /* The reset freed every pinned and managed block, held ones included:
   * nothing is freed again, and addresses csan no longer holds are not
   * taken for the old blocks. */
  pthread_mutex_lock(&g_hold_mu);
  g_hold_first = g_hold_n = 0;
  g_hold_bytes = 0;
  pthread_mutex_unlock(&g_hold_mu);
  csan_hostmem_clear(h);
}

void csan_rt_hostmem_unretire(const void *p, uint64_t size, uint32_t kind) {
  csan_hostmem *h = hostmem();
  if (h && csan_hostmem_drop_retired(h, (uint64_t)(uintptr_t)p))
    csan_rt_hostmem_add(p, size, kind);
}

/* ------------------------------------------------------------------------
 * Reports.
 * ---------------------------------------------------------------------- */

static bool handled(uint64_t key) {
  for (uint32_t i = (uint32_t)(key * 0x9e3779b97f4a7c15ull >> 40) % g_handled_cap;;
       i = (i + 1) % g_handled_cap) {
    if (g_handled[i] == key)
      return true;
    if (!g_handled[i])
      return false;
  }
}

static void mark_handled(uint64_t key) {
  if (g_handled_n + 1 >= g_handled_cap)
    return; /* full: the reporter's own deduplication still holds */
  uint32_t i = (uint32_t)(key * 0x9e3779b97f4a7c15ull >> 40) % g_handled_cap;
  while (g_handled[i])
    i = (i + 1) % g_handled_cap;
  g_handled[i] = key;
  g_handled_n++;
}

static uint32_t tl_number(void);

/* Reports the new entries of the host race table. host: called for a host
 * access of this thread (site, ra), with no model lock held, so entries of
 * host accesses can be given their own operation. */
static const csan_launch_ctx *running_fn(void); /* this thread's host function */
static _Atomic bool g_deferred; /* entries found inside a host function, not yet reported */

/* A host function's access met another operation's record: the stack of
 * that access goes with the host function's operation, so the report names
 * the line inside the function as well as where it was launched (the first
 * such access of the operation). */
static void note_access(uint32_t slot, csan_epoch_t epoch, const csan_host_site *site,
                        const void *ra) {
  csan_op_info info;
  if (!csan_ops_find(csan_g.ops, slot, epoch, &info) || info.access_stack)
    return;
  info.access_stack = csan_rt_stack(ra, site);
  if (info.access_stack)
    (void)csan_ops_add(csan_g.ops, &info);
}

static void drain(bool host, const csan_host_site *site, const void *ra) {
  csan_hostmem *h = hostmem();
  if (!h || !g_handled)
    return;
  csan_shadow_cpu *sh = csan_hostmem_shadow(h);
  /* The engine bumps `used` atomically from any thread. */
  uint32_t used = __atomic_load_n(&csan_shadow_cpu_race_table(sh)->used, __ATOMIC_RELAXED);
  if (used == __atomic_load_n(&g_last_used, __ATOMIC_RELAXED) && !host)
    return;
  pthread_mutex_lock(&g_drain_mu);
  uint32_t cap = csan_g.flags.race_table_size;
  csan_race *all = malloc((size_t)cap * sizeof *all);
  csan_race *out = malloc((size_t)cap * sizeof *out);
  uint32_t n = all && out ? csan_shadow_cpu_races(sh, all, cap, &used, NULL) : 0;
  if (n > cap)
    n = cap;
  uint32_t k = 0;
  bool left = false;
  csan_op own = {0};
  for (uint32_t i = 0; i < n; i++) {
    if (handled(all[i].key))
      continue;
    bool mine = false;
    csan_op_info info;
    if (all[i].slot == CSAN_HOST_SLOT &&
        csan_ops_find(csan_g.ops, CSAN_HOST_SLOT, all[i].epoch, &info))
      mine = info.what == atomic_load(&g_host_what);
    if (mine && !host) {
      left = true;
      continue;
    }
    if (mine) {
      if (!own.epoch) {
        /* Threads are numbered in the order of their first checked access
         * (the main thread is usually 1). The registry interns the name. */
        char what[48];
        snprintf(what, sizeof what, "host thread %u", tl_number());
        csan_rt_op_desc d = {CSAN_OPK_OTHER, what, 0, NULL, site, csan_rt_stack(ra, site)};
        /* Not under g_drain_mu: issuing takes csan's issue lock, under
         * which a rebase takes g_drain_mu (csan_rt_hostmem_rebase). */
        uint64_t gen = atomic_load(&g_rebase_gen);
        pthread_mutex_unlock(&g_drain_mu);
        bool made = csan_rt_host_op(&own, &d);
        pthread_mutex_lock(&g_drain_mu);
        if (atomic_load(&g_rebase_gen) != gen) {
          /* A rebase reported these entries and emptied the table. */
          k = 0;
          left = true;
          break;
        }
        if (!made)
          own.epoch = 0;
        if (handled(all[i].key))
          continue; /* another thread's drain took it meanwhile */
      }
      if (!own.epoch) {
        left = true;
        continue;
      }
      all[i].epoch = own.epoch;
    }
    const csan_launch_ctx *fn = running_fn();
    if (fn) {
      /* Inside a host function: CUDA forbids CUDA calls there, and a
       * report reads the kernels' site descriptors from the device (the
       * second GPU run printed this report without the kernel's line and
       * size). The entry waits for the next synchronization the host
       * observes (csan_rt_hostmem_drain_deferred); the access it names is
       * kept now. */
      if ((site || ra) && all[i].slot == fn->slot && all[i].epoch == fn->epoch)
        note_access(all[i].slot, all[i].epoch, site, ra);
      atomic_store(&g_deferred, true);
      left = true;
      continue;
    }
    mark_handled(all[i].key);
    out[k++] = all[i];
  }
  if (!left)
    __atomic_store_n(&g_last_used, used, __ATOMIC_RELAXED);
  if (k)
    csan_report_entries(csan_g.reporter, out, k, NULL, NULL);
  free(all);
  free(out);
  pthread_mutex_unlock(&g_drain_mu);
  if (k && csan_report_should_halt(csan_g.reporter))
    csan_rt_halt();
}

void csan_rt_hostmem_drain(void) { drain(false, NULL, NULL); }

void csan_rt_hostmem_drain_deferred(void) {
  if (atomic_load_explicit(&g_deferred, memory_order_relaxed) && !running_fn() &&
      atomic_exchange(&g_deferred, false))
    drain(false, NULL, NULL);
}

/* Runs under csan's issue lock, held for writing (csan_rt_maybe_rebase).
 * It takes g_drain_mu only, which no thread holds while it issues an
 * operation (drain lets go of it around csan_rt_host_op), and not
 * g_epoch_mu, which host_epoch holds while it issues one: host_epoch
 * notices a rebase by g_rebase_gen instead. */
void csan_rt_hostmem_rebase(void) {
  csan_hostmem *h = hostmem();
  if (!h)
    return;
  drain(false, NULL, NULL);
  pthread_mutex_lock(&g_drain_mu);
  /* Records and race entries name epochs of the old window; the registry
   * that names host operations was cleared too. The next host access takes
   * a new host operation. */
  csan_shadow_cpu_reset(csan_hostmem_shadow(h));
  csan_shadow_cpu_clear_races(csan_hostmem_shadow(h));
  memset(g_handled, 0, (size_t)g_handled_cap * sizeof *g_handled);
  g_handled_n = 0;
  __atomic_store_n(&g_last_used, 0, __ATOMIC_RELAXED);
  atomic_store(&g_host_what, NULL);
  atomic_store(&g_host_op_id, 0);
  atomic_store(&g_host_epoch, 0);
  atomic_fetch_add(&g_rebase_gen, 1);
  pthread_mutex_unlock(&g_drain_mu);
}

/* ------------------------------------------------------------------------
 * Accesses.
 * ---------------------------------------------------------------------- */

/* The host operation for an access now: a new one once another operation
 * was issued since the current one (model lock: not from code that runs
 * inside csan's calls). */
static csan_epoch_t host_epoch(void) {
  uint64_t last = csan_model_last_op_id(csan_g.model);
  if (last == atomic_load(&g_host_op_id))
    return atomic_load(&g_host_epoch);
  pthread_mutex_lock(&g_epoch_mu);
  /* Issuing may itself rebase (csan_rt_host_op); an operation made while a
   * rebase ran may name the old window, whose epochs mean nothing after it:
   * then take another (the rebase left g_host_op_id at 0). */
  for (int tries = 0;
       tries < 4 && csan_model_last_op_id(csan_g.model) != atomic_load(&g_host_op_id);
       tries++) {
    uint64_t gen = atomic_load(&g_rebase_gen);
    csan_op op;
    csan_rt_op_desc d = {CSAN_OPK_OTHER, "host code", 0, NULL, NULL, 0};
    if (!csan_rt_host_op(&op, &d))
      break;
    /* The registry interns the name anew after a rebase cleared it. */
    csan_op_info info;
    if (!atomic_load(&g_host_what) && csan_ops_find(csan_g.ops, op.slot, op.epoch, &info))
      atomic_store(&g_host_what, info.what);
    atomic_store(&g_host_op_id, op.op_id);
    atomic_store(&g_host_epoch, op.epoch);
    if (atomic_load(&g_rebase_gen) == gen)
      break;
  }
  pthread_mutex_unlock(&g_epoch_mu);
  return atomic_load(&g_host_epoch);
}

typedef struct host_thread {
  uint64_t gen;                /* csan_model_thread_gen the context was built at */
  bool ready;
  uint32_t number;             /* 1, 2, ... in the order threads first access a region */
  const csan_launch_ctx *fn;   /* the host function running on this thread */
  const csan_launch_ctx *fn_built; /* the one fn_ctx was built from */
  csan_launch_ctx ctx;         /* the thread's own host context */
  csan_launch_ctx fn_ctx;      /* the host function's, on the host shadow */
} host_thread;
static __thread host_thread tl;

/* ctx, moved onto the host shadow (slot, epoch, vc and flags stay). */
static void on_host_shadow(csan_hostmem *h, const csan_launch_ctx *ctx, csan_launch_ctx *out) {
  csan_shadow_cpu_ctx(csan_hostmem_shadow(h), out, ctx->slot, ctx->epoch, ctx->vc);
  out->flags = ctx->flags;
  out->op_id = ctx->op_id;
}

static const csan_launch_ctx *thread_ctx(csan_hostmem *h) {
  if (tl.fn) {
    if (tl.fn_built != tl.fn) {
      on_host_shadow(h, tl.fn, &tl.fn_ctx);
      tl.fn_built = tl.fn;
    }
    return &tl.fn_ctx;
  }
  csan_epoch_t epoch = host_epoch();
  uint64_t gen = csan_model_thread_gen(csan_g.model);
  if (!tl.ready || !gen || gen != tl.gen || epoch != tl.ctx.epoch) {
    const csan_vc *vc = csan_model_thread_clock(csan_g.model, &gen);
    csan_shadow_cpu_ctx(csan_hostmem_shadow(h), &tl.ctx, CSAN_HOST_SLOT, epoch, vc->c);
    /* Host slot records are all the host's: ordered (not csan's to check). */
    tl.ctx.vc[CSAN_HOST_SLOT] = UINT32_MAX;
    tl.gen = gen;
    if (!tl.ready)
      tl.number = atomic_fetch_add(&g_threads, 1) + 1;
    tl.ready = true;
  }
  return &tl.ctx;
}

static uint32_t tl_number(void) { return tl.number; }

static const csan_launch_ctx *running_fn(void) { return tl.fn; }

/* A host access reached a freed region at bad: a use after free, named
 * with the free (the allocation registry keeps freed records). */
static void after_free(uint64_t addr, uint64_t size, uint64_t bad, uint32_t access,
                       const csan_host_site *site, const void *ra) {
  if (!csan_g.flags.memory_errors)
    return;
  csan_memerr_access acc = {bad, addr + size - bad, (access & CSAN_ACC_WRITE) != 0, false, NULL};
  csan_memerr e;
  if (csan_memerr_classify(csan_g.allocs, &acc, &e) != CSAN_MEMERR_USE_AFTER_FREE)
    return;
  csan_memerr_who who;
  memset(&who, 0, sizeof who);
  who.what = "host code";
  if (site)
    who.site = *site;
  who.stack = csan_rt_stack(ra, site);
  csan_memerr_report(&csan_g.flags, &e, &who);
  if (csan_g.flags.halt_on_memory_error)
    csan_rt_halt();
}

void csan_rt_hostmem_host_access(const void *addr, uint64_t size, uint32_t access,
                                 const csan_host_site *site, const void *ra) {
  csan_hostmem *h = hostmem();
  if (!h || !size || atomic_load_explicit(&csan_g.exiting, memory_order_relaxed))
    return;
  const csan_launch_ctx *c = thread_ctx(h);
  uint64_t bad = 0;
  unsigned touched = csan_hostmem_access(h, c, (uint64_t)(uintptr_t)addr, size, access, 0, &bad);
  if (touched & CSAN_HOSTMEM_RETIRED)
    after_free((uint64_t)(uintptr_t)addr, size, bad, access, site, ra);
  if (!(touched & CSAN_HOSTMEM_LIVE))
    return;
  atomic_fetch_add_explicit(&g_checked, 1, memory_order_relaxed);
  if (__atomic_load_n(&csan_shadow_cpu_race_table(csan_hostmem_shadow(h))->used,
                      __ATOMIC_RELAXED) != __atomic_load_n(&g_last_used, __ATOMIC_RELAXED))
    drain(!tl.fn, site, ra);
}

void csan_rt_hostmem_device_access(const csan_launch_ctx *ctx, const void *addr, uint64_t size,
                                   uint32_t access, int32_t site) {
  csan_hostmem *h = hostmem();
  if (!h || !csan_rt_hostmem_maybe((uint64_t)(uintptr_t)addr, size))
    return;
  csan_launch_ctx c;
  on_host_shadow(h, ctx, &c);
  csan_hostmem_access(h, &c, (uint64_t)(uintptr_t)addr, size, access, site, NULL);
}

void csan_rt_hostmem_set_replays_pending(bool pending) {
  atomic_store_explicit(&g_replays_pending, pending, memory_order_relaxed);
}

void csan_rt_hostmem_op_access(const csan_launch_ctx *ctx, const csan_region *r, uint32_t access) {
  csan_hostmem *h = hostmem();
  if (!h || !r->width || !r->rows || !r->slices)
    return;
  uint64_t rows = r->rows ? r->rows : 1, slices = r->slices ? r->slices : 1;
  uint64_t last = r->base + (slices - 1) * r->slice_pitch + (rows - 1) * r->pitch + r->width;
  if (!csan_rt_hostmem_maybe(r->base, last - r->base))
    return;
  csan_launch_ctx c;
  on_host_shadow(h, ctx, &c);
  if (atomic_load_explicit(&g_replays_pending, memory_order_relaxed))
    c.flags |= CSAN_CTX_F_KEEP_OTHERS;
  unsigned any = 0;
  if (rows * slices > 65536) { /* a shape too big to walk: its hull */
    any = csan_hostmem_access(h, &c, r->base, last - r->base, access, 0, NULL);
  } else {
    for (uint64_t z = 0; z < slices; z++)
      for (uint64_t y = 0; y < rows; y++)
        any |= csan_hostmem_access(h, &c, r->base + z * r->slice_pitch + y * r->pitch, r->width,
                                   access, 0, NULL);
  }
  if (any & CSAN_HOSTMEM_LIVE)
    drain(false, NULL, NULL);
}

void csan_rt_hostmem_fn_enter(csan_rt_hostfn_scope *s, const csan_launch_ctx *ctx) {
  s->prev = tl.fn;
  tl.fn = ctx;
}

void csan_rt_hostmem_fn_leave(csan_rt_hostfn_scope *s) {
  tl.fn = s->prev;
  tl.fn_built = NULL;
}

void csan_rt_hostmem_usage(uint32_t *regions, uint64_t *checked) {
  csan_hostmem *h = hostmem();
  if (regions)
    *regions = h ? csan_hostmem_regions(h) : 0;
  if (checked)
    *checked = atomic_load(&g_checked);
}
