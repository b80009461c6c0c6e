/* csan-replay-exec.c: running a schedule as the runtime runs a program.
 *
 * Each command does what the host runtime's CUDA wrapper for the matching
 * call does, with the same model (csan_model) and the same shadow logic
 * (csan_shadow_cpu, the CPU build of the GPU engine):
 *
 *   stream / destroy-stream   csan_model_stream_create / _destroy; a new
 *                             stream that finds no slot free reuses a
 *                             destroyed stream's and names it, as the runtime
 *                             does
 *   event / destroy-event     csan_model_event_create / _destroy
 *   alloc A SIZE              cudaMalloc: invented addresses, tracked EMPTY,
 *                             registered by name
 *   alloc-async A SIZE S      cudaMallocAsync: an operation on S that tags the
 *                             bytes ALLOC
 *   free A                    cudaFree: of ordinary memory it synchronizes the
 *                             device; then FREE is tagged by a host operation
 *                             (csan_model_host_op)
 *   free-async A S            cudaFreeAsync: an operation on S that tags FREE
 *   launch, memset, memcpy    one operation on the stream whose accesses are
 *                             checked with that operation's launch context
 *   host-func S               cudaLaunchHostFunc: an operation, no memory
 *   record / wait             csan_model_event_record / _stream_wait_event
 *   sync-* / query-*          the host waits (a query that returned
 *                             cudaSuccess is a wait that did not block)
 *   advance S N               N empty operations on S at once
 *                             (csan_model_advance): reaches the end of the
 *                             epoch window without 2^31 commands
 *
 * Every operation is registered in the operation registry under its (slot,
 * epoch) with its schedule line as the issue site. When an epoch counter
 * reaches the end of its window the run does what the runtime does: it
 * synchronizes the device, rebases the shadow and the model, and forgets the
 * registered operations.
 *
 * Addresses: allocations are placed upwards from RP_BASE, 256-byte aligned,
 * with at least 256 unused bytes between two allocations, and never reused.
 * The shadow lives in host memory (1.5 bytes per byte), so the allocations
 * of one schedule are limited (rp_limits.max_bytes) in all.
 *
 * A loop that runs no times is checked by the dry run as if it ran once
 * (every loop inside it, once too), and then forgotten: what its lines did
 * to the names is undone from an undo log, so the lines after it are
 * checked as the real run, which skips it, runs them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan-replay.h"
#include "csan_stack.h"

#define RP_BASE 0x7f3a00000000ull
#define RP_ALIGN 256ull
/* Keys of the predefined streams: the values of cudaStreamLegacy and
 * cudaStreamPerThread. Streams and events named in the schedule get keys
 * from RP_FIRST_KEY on. */
#define RP_KEY_PER_THREAD ((csan_key)0x2)
#define RP_FIRST_KEY ((csan_key)0x100)

typedef struct rp_stream_ent {
  const char *name;
  csan_key key;
  csan_stream_kind kind;
  bool live;
  bool predefined;
  bool in_model; /* the per-thread stream is created at its first use */
  unsigned line; /* of its creation, or of its destruction when !live */
} rp_stream_ent;

typedef struct rp_event_ent {
  const char *name;
  csan_key key;
  bool live;
  unsigned line; /* of its creation, or of its destruction when !live */
} rp_event_ent;

typedef struct rp_alloc_ent {
  const char *name;
  uint64_t base, size;
  bool stream_ordered;
  bool freed;
  unsigned line;
} rp_alloc_ent;

/* The counters of the names, which a checked loop that never runs puts
 * back as they were before it. */
typedef struct rp_counts {
  size_t nstreams, nevents, nallocs;
  uint32_t live_streams; /* in the model, besides the legacy stream */
  csan_key next_stream_key, next_event_key;
  uint64_t next_base, total_bytes;
} rp_counts;

typedef struct rp_loop {
  size_t start;  /* index of the repeat command */
  uint64_t left; /* iterations still to run, this one included */
  bool checking; /* a loop that never runs, checked by the dry run */
  rp_counts counts; /* checking: the counters before it */
  size_t undo_mark; /* checking: the undo log's length before it */
} rp_loop;

/* The old value of a name entry that a checked loop changed. */
typedef enum rp_undo_kind { RP_UNDO_STREAM, RP_UNDO_EVENT, RP_UNDO_ALLOC } rp_undo_kind;
typedef struct rp_undo {
  rp_undo_kind kind;
  size_t index;
  union {
    rp_stream_ent stream;
    rp_event_ent event;
    rp_alloc_ent alloc;
  } old;
} rp_undo;

/* The executor's state. Everything it allocates hangs from here, so
 * exec_free frees it after an error too. */
typedef struct rp_exec {
  const rp_program *p;
  rp_world *w; /* null in the dry run */
  uint64_t *site_len;
  const rp_cmd *cmd; /* the command being run */
  rp_stream_ent *streams;
  size_t cap_streams;
  /* The name of every stream key handed out (index key - RP_FIRST_KEY), so a
   * destroyed stream whose name was reused can still be named. Indexed by
   * key, so a checked loop's undo (which rewinds next_stream_key) reuses
   * the entries it wrote. */
  const char **key_names;
  size_t cap_key_names;
  rp_event_ent *events;
  size_t cap_events;
  rp_alloc_ent *allocs;
  size_t cap_allocs;
  rp_counts n;
  rp_loop *loops; /* the loops being run, innermost last */
  size_t nloops;
  size_t checking; /* loops being checked (never run) among them */
  rp_undo *undo;
  size_t nundo, cap_undo;
  uint64_t *scratch; /* run_ranges: addresses, then lengths */
  size_t cap_scratch;
} rp_exec;

/* (No command yet while the predefined streams are made.) */
#define DIE(x, ...) rp_die((x)->p->path, (x)->cmd ? (x)->cmd->line : 0, __VA_ARGS__)

static void *grow(rp_exec *x, void *v, size_t *cap, size_t elem) {
  size_t n = *cap ? *cap * 2 : 16;
  void *nv = realloc(v, n * elem);
  if (!nv)
    DIE(x, "out of memory");
  *cap = n;
  return nv;
}

/* Before a name entry changes: in a checked loop, its old value goes to
 * the undo log. (New entries need none: the counts are put back.) */
static void note(rp_exec *x, rp_undo_kind kind, const void *ent) {
  if (!x->checking)
    return;
  if (x->nundo == x->cap_undo)
    x->undo = grow(x, x->undo, &x->cap_undo, sizeof(*x->undo));
  rp_undo *u = &x->undo[x->nundo++];
  u->kind = kind;
  switch (kind) {
  case RP_UNDO_STREAM:
    u->index = (size_t)((const rp_stream_ent *)ent - x->streams);
    u->old.stream = *(const rp_stream_ent *)ent;
    break;
  case RP_UNDO_EVENT:
    u->index = (size_t)((const rp_event_ent *)ent - x->events);
    u->old.event = *(const rp_event_ent *)ent;
    break;
  case RP_UNDO_ALLOC:
    u->index = (size_t)((const rp_alloc_ent *)ent - x->allocs);
    u->old.alloc = *(const rp_alloc_ent *)ent;
    break;
  }
}

/* The end of a checked loop: the names as they were before it. */
static void undo_to(rp_exec *x, size_t mark, const rp_counts *counts) {
  while (x->nundo > mark) {
    const rp_undo *u = &x->undo[--x->nundo];
    switch (u->kind) {
    case RP_UNDO_STREAM:
      x->streams[u->index] = u->old.stream;
      break;
    case RP_UNDO_EVENT:
      x->events[u->index] = u->old.event;
      break;
    case RP_UNDO_ALLOC:
      x->allocs[u->index] = u->old.alloc;
      break;
    }
  }
  x->n = *counts;
}

static void check_model(rp_exec *x, int rc, const char *what) {
  if (rc != CSAN_MODEL_OK)
    DIE(x, "internal error: %s failed (model error %d)", what, rc);
}

/* ---- Names --------------------------------------------------------------
 * Names are interned, so they compare by pointer. Schedules name few things;
 * a linear search is plenty. */

static rp_stream_ent *find_stream(rp_exec *x, const char *name) {
  for (size_t i = 0; i < x->n.nstreams; i++)
    if (x->streams[i].name == name)
      return &x->streams[i];
  return NULL;
}

static rp_stream_ent *add_stream(rp_exec *x, const char *name) {
  if (x->n.nstreams == x->cap_streams)
    x->streams = grow(x, x->streams, &x->cap_streams, sizeof(*x->streams));
  rp_stream_ent *s = &x->streams[x->n.nstreams++];
  memset(s, 0, sizeof(*s));
  s->name = name;
  return s;
}

static rp_event_ent *find_event(rp_exec *x, const char *name) {
  for (size_t i = 0; i < x->n.nevents; i++)
    if (x->events[i].name == name)
      return &x->events[i];
  return NULL;
}

static rp_alloc_ent *find_alloc(rp_exec *x, const char *name) {
  for (size_t i = 0; i < x->n.nallocs; i++)
    if (x->allocs[i].name == name)
      return &x->allocs[i];
  return NULL;
}

/* The schedule's name of the stream with key k (live or destroyed). */
static const char *stream_name_of(rp_exec *x, csan_key k) {
  if (k >= RP_FIRST_KEY && k < x->n.next_stream_key)
    return x->key_names[k - RP_FIRST_KEY];
  for (size_t i = 0; i < x->n.nstreams; i++)
    if (x->streams[i].key == k)
      return x->streams[i].name;
  return "?";
}

/* Names a stream whose checking was cut, as the runtime does: the first
 * few by name, then only counted (the summary gives the count). */
static void say_cut(rp_exec *x, const char *why, csan_key k) {
  uint64_t n = x->w->cut_streams++;
  if (n < CSAN_CUT_STREAMS_NAMED)
    csan_log_checking_cut(why, stream_name_of(x, k), n + 1 == CSAN_CUT_STREAMS_NAMED);
}

/* Creates a stream in the model. With every slot taken by live streams or
 * by destroyed streams whose work the host has not observed, the runtime
 * reuses the slot destroyed longest ago and names the stream whose checking
 * that cuts (csan_model_stream_recycle). */
static void model_stream_create(rp_exec *x, rp_stream_ent *s) {
  rp_world *w = x->w;
  int rc = csan_model_stream_create(w->model, s->key, s->kind);
  if (rc == CSAN_MODEL_ENOSLOT) {
    csan_key cut = 0;
    rc = csan_model_stream_recycle(w->model, s->key, s->kind, &cut);
    if (rc == CSAN_MODEL_OK && cut)
      say_cut(x, "all 254 stream slots are in use; the slot of a destroyed stream is reused",
              cut);
  }
  check_model(x, rc, "creating a stream");
}

static void count_stream(rp_exec *x) {
  if (x->n.live_streams >= CSAN_HOST_SLOT - 1)
    DIE(x, "too many live streams (at most %u besides legacy)", CSAN_HOST_SLOT - 1);
  x->n.live_streams++;
}

/* A stream the command uses: it must exist and be alive. */
static rp_stream_ent *use_stream(rp_exec *x, const char *name) {
  rp_stream_ent *s = find_stream(x, name);
  if (!s)
    DIE(x, "unknown stream '%s'", name);
  if (!s->live)
    DIE(x, "stream '%s' was destroyed at line %u", name, s->line);
  if (!s->in_model) {
    count_stream(x);
    note(x, RP_UNDO_STREAM, s);
    s->in_model = true;
    if (x->w)
      model_stream_create(x, s);
  }
  return s;
}

static rp_event_ent *use_event(rp_exec *x, const char *name) {
  rp_event_ent *e = find_event(x, name);
  if (!e)
    DIE(x, "unknown event '%s'", name);
  if (!e->live)
    DIE(x, "event '%s' was destroyed at line %u", name, e->line);
  return e;
}

static rp_alloc_ent *use_alloc(rp_exec *x, const char *name) {
  rp_alloc_ent *a = find_alloc(x, name);
  if (!a)
    DIE(x, "unknown allocation '%s'", name);
  return a;
}

/* The bytes of a range; records its length as its site's access size. */
static void resolve(rp_exec *x, const rp_range *r, uint64_t *addr, uint64_t *len) {
  rp_alloc_ent *a = use_alloc(x, r->alloc);
  uint64_t off = 0, n = a->size;
  if (!r->whole) {
    if (r->off > a->size || r->len > a->size - r->off)
      DIE(x, "range %s[%llu:%llu] is outside allocation %s (%llu bytes)", r->alloc,
          (unsigned long long)r->off, (unsigned long long)r->len, r->alloc,
          (unsigned long long)a->size);
    off = r->off;
    n = r->len;
  }
  *addr = a->base + off;
  *len = n;
  x->site_len[r->site] = n;
}

/* ---- Operations ---------------------------------------------------------- */

static csan_host_site here(rp_exec *x) {
  csan_host_site s = {x->p->path, NULL, x->cmd->line, 0};
  return s;
}

/* Registers an operation issued by the current command. s null: an
 * operation of the host itself. */
static void register_op(rp_exec *x, const csan_op *op, const rp_stream_ent *s, csan_op_kind kind,
                        const char *what, uint64_t bytes) {
  rp_world *w = x->w;
  csan_op_info info;
  memset(&info, 0, sizeof(info));
  info.op_id = op->op_id;
  info.slot = op->slot;
  info.epoch = op->epoch;
  info.kind = kind;
  info.what = what;
  info.stream = s ? s->key : 0;
  info.stream_name = s ? s->name : NULL;
  info.site = here(x);
  info.bytes = bytes;
  if (csan_ops_add(w->ops, &info) != 0)
    DIE(x, "out of memory");
  if (w->flags.verbosity >= 2)
    csan_log_printf("csan-replay: %s:%u: operation #%llu (%s) on %s%s: slot %u, epoch %u\n",
                    x->p->path, x->cmd->line, (unsigned long long)op->op_id, what,
                    s ? "stream " : "the host", s ? s->name : "", op->slot, op->epoch);
}

/* One operation on stream s. */
static void issue(rp_exec *x, const rp_stream_ent *s, csan_op_kind kind, const char *what,
                  uint64_t bytes, csan_op *op) {
  check_model(x, csan_model_op(x->w->model, s->key, op), "issuing an operation");
  register_op(x, op, s, kind, what, bytes);
}

/* One access of operation op (its launch context: slot, epoch, clock). */
static void access_bytes(rp_exec *x, const csan_op *op, uint64_t addr, uint64_t len,
                         uint32_t access, uint32_t site) {
  csan_launch_ctx ctx;
  csan_shadow_cpu_ctx(x->w->shadow, &ctx, op->slot, op->epoch, op->vc.c);
  csan_shadow_cpu_access(x->w->shadow, &ctx, addr, len, access, (int32_t)site, NULL);
}

/* The kernel, memset or memcpy of the current command. */
static void run_ranges(rp_exec *x, const rp_stream_ent *s, csan_op_kind kind, const char *what) {
  const rp_cmd *c = x->cmd;
  while (x->cap_scratch < 2 * c->nranges)
    x->scratch = grow(x, x->scratch, &x->cap_scratch, sizeof(*x->scratch));
  uint64_t *pa = x->scratch, *pl = x->scratch + c->nranges;
  for (size_t i = 0; i < c->nranges; i++)
    resolve(x, &c->ranges[i], &pa[i], &pl[i]);
  uint64_t bytes = 0;
  if (kind == CSAN_OPK_COPY) {
    if (pl[0] != pl[1])
      DIE(x, "memcpy of %llu bytes into %llu bytes", (unsigned long long)pl[0],
          (unsigned long long)pl[1]);
    bytes = pl[0];
  } else if (kind == CSAN_OPK_SET) {
    bytes = pl[0];
  }
  if (x->w) {
    csan_op op;
    issue(x, s, kind, what, bytes, &op);
    for (size_t i = 0; i < c->nranges; i++)
      access_bytes(x, &op, pa[i], pl[i], c->ranges[i].access, c->ranges[i].site);
  }
}

static void run_alloc(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  rp_alloc_ent *a = find_alloc(x, c->alloc);
  if (a)
    DIE(x, "allocation '%s' already exists (allocated at line %u)", c->alloc, a->line);
  const rp_stream_ent *s = c->op == RP_ALLOC_ASYNC ? use_stream(x, c->stream) : NULL;
  uint64_t max = x->p->limits.max_bytes;
  if (c->num > max - x->n.total_bytes)
    DIE(x, "allocations exceed csan-replay's limit of %llu bytes in all (the shadow lives "
           "in host memory)",
        (unsigned long long)max);
  if (x->n.nallocs == x->cap_allocs)
    x->allocs = grow(x, x->allocs, &x->cap_allocs, sizeof(*x->allocs));
  a = &x->allocs[x->n.nallocs++];
  memset(a, 0, sizeof(*a));
  a->name = c->alloc;
  a->base = x->n.next_base;
  a->size = c->num;
  a->stream_ordered = s != NULL;
  a->line = c->line;
  x->n.total_bytes += c->num;
  x->n.next_base = ((a->base + a->size + RP_ALIGN - 1) & ~(RP_ALIGN - 1)) + RP_ALIGN;
  if (s)
    x->site_len[c->site] = a->size;
  rp_world *w = x->w;
  if (!w)
    return;
  csan_alloc_info info;
  memset(&info, 0, sizeof(info));
  info.base = a->base;
  info.size = a->size;
  info.flags = CSAN_ALLOC_DEVICE | (s ? CSAN_ALLOC_STREAM_ORDERED : 0);
  info.name = a->name;
  info.made.api = s ? "alloc-async" : "alloc";
  info.made.site = here(x);
  if (csan_shadow_cpu_track(w->shadow, a->base, a->size) != CSAN_SHADOW_OK)
    DIE(x, "out of memory for the shadow of allocation '%s'", a->name);
  csan_op op;
  if (s) {
    issue(x, s, CSAN_OPK_ALLOC, "alloc-async", a->size, &op);
    info.made.op_id = op.op_id;
    info.made.slot = op.slot;
    info.made.epoch = op.epoch;
    info.made.stream = s->key;
  }
  if (csan_allocs_add(w->allocs, &info) != CSAN_ALLOC_OK)
    DIE(x, "internal error: allocation '%s' overlaps another", a->name);
  if (s)
    access_bytes(x, &op, a->base, a->size, CSAN_ACC_ALLOC | CSAN_ACC_WRITE, c->site);
}

static void run_free(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  rp_alloc_ent *a = use_alloc(x, c->alloc);
  const rp_stream_ent *s = c->op == RP_FREE_ASYNC ? use_stream(x, c->stream) : NULL;
  x->site_len[c->site] = a->size;
  bool was_freed = a->freed;
  note(x, RP_UNDO_ALLOC, a);
  a->freed = true; /* a second free is checked (and reported) like any access */
  rp_world *w = x->w;
  if (!w)
    return;
  csan_op op;
  if (s) {
    issue(x, s, CSAN_OPK_FREE, "free-async", a->size, &op);
  } else {
    /* cudaFree of ordinary memory waits for the device; of stream-ordered
     * memory it does not (DESIGN.md, decision 11). The program may count on
     * that unless documented_sync_only (csan_syncs.h). */
    if (!a->stream_ordered) {
      csan_vc all;
      csan_model_device_clock(w->model, &all);
      if (w->flags.documented_sync_only) {
        csan_model_complete(w->model, &all);
        csan_host_site at = {x->p->path, NULL, c->line, 0};
        csan_syncs_add(w->syncs, "cudaFree", &at, &all, csan_model_last_op_id(w->model));
      } else {
        csan_model_host_wait_device(w->model);
      }
    }
    check_model(x, csan_model_host_op(w->model, &op), "a host operation");
    register_op(x, &op, NULL, CSAN_OPK_FREE, "cudaFree", a->size);
  }
  access_bytes(x, &op, a->base, a->size, CSAN_ACC_FREE | CSAN_ACC_WRITE, c->site);
  if (!was_freed) {
    csan_alloc_event ev;
    memset(&ev, 0, sizeof(ev));
    ev.api = s ? "free-async" : "free";
    ev.op_id = op.op_id;
    ev.slot = op.slot;
    ev.epoch = op.epoch;
    ev.stream = s ? s->key : 0;
    ev.site = here(x);
    if (csan_allocs_remove(w->allocs, a->base, &ev, NULL) != CSAN_ALLOC_OK)
      DIE(x, "internal error: allocation '%s' is not registered", a->name);
  }
}

static void run_stream(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  rp_stream_ent *s = find_stream(x, c->stream);
  if (s && s->predefined)
    DIE(x, "stream '%s' is predefined", c->stream);
  if (s && s->live)
    DIE(x, "stream '%s' already exists (created at line %u)", c->stream, s->line);
  count_stream(x);
  if (s)
    note(x, RP_UNDO_STREAM, s);
  else
    s = add_stream(x, c->stream);
  s->key = x->n.next_stream_key++;
  size_t ki = s->key - RP_FIRST_KEY;
  while (ki >= x->cap_key_names)
    x->key_names = grow(x, x->key_names, &x->cap_key_names, sizeof(*x->key_names));
  x->key_names[ki] = c->stream;
  s->kind = c->kind;
  s->live = true;
  s->in_model = true;
  s->line = c->line;
  if (x->w)
    model_stream_create(x, s);
}

static void run_destroy_stream(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  rp_stream_ent *s = find_stream(x, c->stream);
  if (s && s->predefined)
    DIE(x, "stream '%s' is predefined and cannot be destroyed", c->stream);
  s = use_stream(x, c->stream);
  note(x, RP_UNDO_STREAM, s);
  s->live = false;
  s->line = c->line;
  x->n.live_streams--;
  if (x->w)
    check_model(x, csan_model_stream_destroy(x->w->model, s->key), "destroying a stream");
}

static void run_event(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  rp_event_ent *e = find_event(x, c->event);
  if (!e) {
    if (x->n.nevents == x->cap_events)
      x->events = grow(x, x->events, &x->cap_events, sizeof(*x->events));
    e = &x->events[x->n.nevents++];
    e->name = c->event;
    e->key = x->n.next_event_key++;
  } else {
    note(x, RP_UNDO_EVENT, e);
  }
  /* An existing event is re-created: it forgets its record. */
  e->live = true;
  e->line = c->line;
  if (x->w)
    check_model(x, csan_model_event_create(x->w->model, e->key), "creating an event");
}

/* The rebase the runtime does at the end of the epoch window: the device
 * is synchronized, the shadow keeps only FREE markers, all clocks restart,
 * and the registered operations (whose epochs restart) are forgotten. */
static void rebase(rp_exec *x) {
  rp_world *w = x->w;
  rp_drain(w);
  if (w->flags.verbosity >= 1)
    csan_log_printf("csan-replay: %s:%u: the epoch window is exhausted: the device is "
                    "synchronized and the shadow rebased\n",
                    x->p->path, x->cmd->line);
  csan_vc all;
  csan_model_device_clock(w->model, &all);
  csan_model_complete(w->model, &all); /* csan's own synchronization */
  csan_shadow_cpu_reset(w->shadow);
  csan_key cut[CSAN_MAX_SLOTS];
  size_t ncut = 0;
  check_model(x, csan_model_rebase(w->model, cut, CSAN_MAX_SLOTS, &ncut), "rebasing the model");
  for (size_t i = 0; i < ncut && i < CSAN_MAX_SLOTS; i++)
    say_cut(x, "the epoch window is used up and csan restarted its clocks", cut[i]);
  csan_ops_clear(w->ops);
}

static void run_command(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  rp_world *w = x->w;
  csan_model *m = w ? w->model : NULL;
  rp_stream_ent *s;
  rp_event_ent *e;
  switch (c->op) {
  case RP_STREAM:
    run_stream(x);
    break;
  case RP_DESTROY_STREAM:
    run_destroy_stream(x);
    break;
  case RP_EVENT:
    run_event(x);
    break;
  case RP_DESTROY_EVENT:
    e = use_event(x, c->event);
    note(x, RP_UNDO_EVENT, e);
    e->live = false;
    e->line = c->line;
    if (m)
      check_model(x, csan_model_event_destroy(m, e->key), "destroying an event");
    break;
  case RP_ALLOC:
  case RP_ALLOC_ASYNC:
    run_alloc(x);
    break;
  case RP_FREE:
  case RP_FREE_ASYNC:
    run_free(x);
    break;
  case RP_LAUNCH:
    s = use_stream(x, c->stream);
    run_ranges(x, s, CSAN_OPK_KERNEL, c->kernel);
    break;
  case RP_MEMSET:
    s = use_stream(x, c->stream);
    run_ranges(x, s, CSAN_OPK_SET, "memset");
    break;
  case RP_MEMCPY:
    s = use_stream(x, c->stream);
    run_ranges(x, s, CSAN_OPK_COPY, "memcpy");
    break;
  case RP_HOST_FUNC:
    s = use_stream(x, c->stream);
    if (w) {
      csan_op op;
      issue(x, s, CSAN_OPK_HOST_FUNC, "host function", 0, &op);
    }
    break;
  case RP_ADVANCE:
    s = use_stream(x, c->stream);
    /* At most one window's worth: the rebase after the previous command
     * left the counter below CSAN_EPOCH_RESET_AT, so it cannot wrap. */
    if (c->num > CSAN_EPOCH_RESET_AT)
      DIE(x, "advance count must be at most %u", CSAN_EPOCH_RESET_AT);
    if (m)
      check_model(x, csan_model_advance(m, s->key, (csan_epoch_t)c->num), "advancing a stream");
    break;
  case RP_RECORD:
    e = use_event(x, c->event);
    s = use_stream(x, c->stream);
    if (m)
      check_model(x, csan_model_event_record(m, e->key, s->key), "recording an event");
    break;
  case RP_WAIT:
    s = use_stream(x, c->stream);
    e = use_event(x, c->event);
    if (m)
      check_model(x, csan_model_stream_wait_event(m, s->key, e->key), "waiting for an event");
    break;
  case RP_SYNC_STREAM:
  case RP_QUERY_STREAM:
    s = use_stream(x, c->stream);
    if (m)
      check_model(x, csan_model_host_wait_stream(m, s->key), "waiting for a stream");
    break;
  case RP_SYNC_EVENT:
  case RP_QUERY_EVENT:
    e = use_event(x, c->event);
    if (m)
      check_model(x, csan_model_host_wait_event(m, e->key), "waiting for an event");
    break;
  case RP_SYNC_DEVICE:
    if (m)
      csan_model_host_wait_device(m);
    break;
  case RP_REPEAT:
  case RP_END:
    break; /* handled by rp_execute */
  }
}

/* `repeat N`. The real run skips a loop that runs no times; the dry run
 * checks it once (and every loop inside it once), then undoes it. */
static size_t enter_loop(rp_exec *x, size_t pc) {
  const rp_cmd *c = &x->p->cmds[pc];
  bool check = !x->w && (c->num == 0 || x->checking);
  if (c->num == 0 && !check)
    return c->match + 1;
  rp_loop *l = &x->loops[x->nloops++];
  memset(l, 0, sizeof(*l));
  l->start = pc;
  l->left = check ? 1 : c->num;
  if (c->num == 0) {
    l->checking = true;
    l->counts = x->n;
    l->undo_mark = x->nundo;
    x->checking++;
  }
  return pc + 1;
}

/* `end`: the next iteration, or the line after the loop. */
static size_t end_loop(rp_exec *x, size_t pc) {
  rp_loop *l = &x->loops[x->nloops - 1];
  if (--l->left > 0)
    return l->start + 1;
  if (l->checking) {
    undo_to(x, l->undo_mark, &l->counts);
    x->checking--;
  }
  x->nloops--;
  return pc + 1;
}

/* The predefined streams: legacy, and per-thread (in the model at its
 * first use). */
static void add_predefined(rp_exec *x) {
  rp_stream_ent *legacy = add_stream(x, csan_intern("legacy"));
  legacy->key = CSAN_STREAM_LEGACY;
  legacy->live = legacy->predefined = legacy->in_model = true;
  rp_stream_ent *pt = add_stream(x, csan_intern("per-thread"));
  pt->key = RP_KEY_PER_THREAD;
  pt->kind = CSAN_STREAM_PER_THREAD;
  pt->live = pt->predefined = true;
}

static void exec_all(void *arg) {
  rp_exec *x = arg;
  const rp_program *p = x->p;
  rp_world *world = x->w;
  add_predefined(x);
  x->loops = malloc((p->ncmds + 1) * sizeof(*x->loops));
  if (!x->loops)
    rp_die(p->path, 0, "out of memory");
  size_t pc = 0;
  while (pc < p->ncmds) {
    const rp_cmd *c = &p->cmds[pc];
    x->cmd = c;
    if (c->op == RP_REPEAT) {
      pc = enter_loop(x, pc);
      continue;
    }
    if (c->op == RP_END) {
      pc = end_loop(x, pc);
      continue;
    }
    run_command(x);
    if (world) {
      rp_drain(world);
      if (csan_model_needs_rebase(world->model))
        rebase(x);
    }
    pc++;
  }
}

static void exec_free(rp_exec *x) {
  free(x->loops);
  free(x->undo);
  free(x->scratch);
  free(x->streams);
  free(x->key_names);
  free(x->events);
  free(x->allocs);
}

int rp_execute(const rp_program *p, rp_world *world, uint64_t *site_len, rp_error *err) {
  rp_exec x;
  memset(&x, 0, sizeof(x));
  x.p = p;
  x.w = world;
  x.site_len = site_len;
  x.n.next_stream_key = RP_FIRST_KEY;
  x.n.next_event_key = RP_FIRST_KEY;
  x.n.next_base = RP_BASE;
  int rc = rp_guarded(exec_all, &x, err);
  exec_free(&x);
  return rc;
}
