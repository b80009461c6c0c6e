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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan-replay.h"
#include "csan_graph.h"
#include "csan_stack.h"
#include "csan_unchecked.h"

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
  struct rp_graphs *gr; /* graphs, captures, execs: null until the first */
} rp_exec;

/* CUDA graphs (the section at the end). */
static bool graph_divert(rp_exec *x);
static void run_graph_command(rp_exec *x);
static void graphs_free(rp_exec *x);

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

static void graph_note_op(rp_exec *x, const csan_op *op);

/* One operation on stream s. */
static void issue(rp_exec *x, const rp_stream_ent *s, csan_op_kind kind, const char *what,
                  uint64_t bytes, csan_op *op) {
  check_model(x, csan_model_op(x->w->model, s->key, op), "issuing an operation");
  register_op(x, op, s, kind, what, bytes);
  graph_note_op(x, op);
}

/* One access of operation op (its launch context: slot, epoch, clock). */
static void access_bytes(rp_exec *x, const csan_op *op, uint64_t addr, uint64_t len,
                         uint32_t access, uint32_t site) {
  csan_launch_ctx ctx;
  csan_shadow_cpu_ctx(x->w->shadow, &ctx, op->slot, op->epoch, op->vc.c);
  csan_shadow_cpu_access(x->w->shadow, &ctx, addr, len, access, (int32_t)site, NULL);
}

/* The kernel, memset or memcpy of the current command. */
/* The addresses (*pa) and lengths (*pl) of the current command's ranges,
 * in x's scratch space. */
static void resolve_ranges(rp_exec *x, uint64_t **pa, uint64_t **pl) {
  const rp_cmd *c = x->cmd;
  while (x->cap_scratch < 2 * c->nranges)
    x->scratch = grow(x, x->scratch, &x->cap_scratch, sizeof(*x->scratch));
  *pa = x->scratch;
  *pl = x->scratch + c->nranges;
  for (size_t i = 0; i < c->nranges; i++)
    resolve(x, &c->ranges[i], &(*pa)[i], &(*pl)[i]);
}

static void run_ranges(rp_exec *x, const rp_stream_ent *s, csan_op_kind kind, const char *what) {
  const rp_cmd *c = x->cmd;
  uint64_t *pa, *pl;
  resolve_ranges(x, &pa, &pl);
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

/* The entry of allocation c->alloc (c->num bytes at the next free base),
 * for `alloc`, `alloc-async` and an alloc node alike. */
static rp_alloc_ent *new_alloc(rp_exec *x, const rp_cmd *c, bool stream_ordered) {
  uint64_t max = x->p->limits.max_bytes;
  if (c->num > max - x->n.total_bytes)
    DIE(x, "allocations exceed csan-replay's limit of %llu bytes in all (the shadow lives "
           "in host memory)",
        (unsigned long long)max);
  if (x->n.nallocs == x->cap_allocs)
    x->allocs = grow(x, x->allocs, &x->cap_allocs, sizeof(*x->allocs));
  rp_alloc_ent *a = &x->allocs[x->n.nallocs++];
  memset(a, 0, sizeof(*a));
  a->name = c->alloc;
  a->base = x->n.next_base;
  a->size = c->num;
  a->stream_ordered = stream_ordered;
  a->line = c->line;
  x->n.total_bytes += c->num;
  x->n.next_base = ((a->base + a->size + RP_ALIGN - 1) & ~(RP_ALIGN - 1)) + RP_ALIGN;
  return a;
}

static void run_alloc(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  rp_alloc_ent *a = find_alloc(x, c->alloc);
  if (a)
    DIE(x, "allocation '%s' already exists (allocated at line %u)", c->alloc, a->line);
  const rp_stream_ent *s = c->op == RP_ALLOC_ASYNC ? use_stream(x, c->stream) : NULL;
  a = new_alloc(x, c, s != NULL);
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
  if (graph_divert(x))
    return; /* captured into a graph, or refused by CUDA during a capture */
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
  default:
    run_graph_command(x);
    break;
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
  graphs_free(x);
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

/* ---- CUDA graphs --------------------------------------------------------
 * Graphs, captures and execs (README, "Graphs"). A graph is a csan_graph
 * (rt_host/core/csan_graph.h) whose payloads index x->gnodes: the command
 * that made each node (a `node` line, or the stream command captured), so
 * a launch issues each node as that command would run on a stream, on the
 * node's lane, with the command's line as its issue site. Both runs build
 * the graphs (the dry run checks names and ranges node by node at each
 * launch); only the real run instantiates them into the model.
 *
 * Capture is not execution: a command on a capturing stream adds a node
 * and touches neither the model nor the shadow. Program errors CUDA
 * reports during capture (a forbidden call, an unjoined fork) are printed
 * as capture errors and counted; the schedule goes on as the program
 * would (the capture is invalidated and its graph is not made). */

/* What one graph node does: the command that made it, and its name. */
typedef struct rp_gnode {
  const rp_cmd *cmd;
  const char *name;   /* `node G N`: N; captured: null */
  unsigned fork_line; /* captured on a stream forked into the capture there */
} rp_gnode;

typedef struct rp_graph_ent {
  const char *name;
  csan_graph *g;
  const char **node_names; /* by node id (null: captured) */
  size_t cap_names;
  bool failed;   /* made by a capture that failed: CUDA made no graph */
  bool capturing;/* a capture is adding nodes to it */
  unsigned line;
} rp_graph_ent;

typedef struct rp_exec_ent {
  const char *name;
  size_t graph;   /* index of the graph it was instantiated from */
  csan_graph *g;  /* its own copy (exec-update changes payloads) */
  csan_gexec *gx; /* real run */
  bool live, failed;
  bool auto_free; /* cudaGraphInstantiateFlagAutoFreeOnLaunch */
  unsigned line;
} rp_exec_ent;

/* A stream taking part in a capture. */
typedef struct rp_cap_stream {
  const char *stream;
  size_t capture; /* index into captures */
  uint32_t *deps; /* the nodes its next node depends on */
  size_t ndeps, cap;
  unsigned fork_line; /* 0 for the origin */
} rp_cap_stream;

typedef struct rp_capture {
  const char *origin;
  size_t graph;
  rp_capture_mode mode;
  unsigned line;
  bool active;
  unsigned invalid_line; /* 0: valid */
} rp_capture;

/* An event recorded in a capture: the nodes a wait for it depends on. */
typedef struct rp_cap_event {
  const char *event;
  size_t capture;
  uint32_t *deps;
  size_t ndeps;
  bool live;
} rp_cap_event;

struct rp_graphs {
  rp_gnode *gnodes;
  size_t ngnodes, cap_gnodes;
  rp_graph_ent *graphs;
  size_t ngraphs, cap_graphs;
  rp_exec_ent *execs;
  size_t nexecs, cap_execs;
  rp_capture *caps;
  size_t ncaps, cap_caps;
  rp_cap_stream *cstreams;
  size_t ncstreams, cap_cstreams;
  rp_cap_event *cevents;
  size_t ncevents, cap_cevents;
  uint64_t node_steps; /* nodes issued by launches, against the step limit */
  /* The launch being issued (graph_dot): each operation's node. */
  struct rp_launch *launching;
  uint32_t cur_node;
  struct rp_node_op {
    uint32_t slot;
    csan_epoch_t epoch;
    uint32_t node;
  } *node_ops;
  size_t nnode_ops, cap_node_ops;
  /* A node command's dependencies, resolved: kept here, not on the heap of
   * one call, so a DIE (which unwinds) loses nothing. */
  uint32_t *deps;
  size_t cap_deps;
};

#define GR(x) graphs_of(x)

static struct rp_graphs *graphs_of(rp_exec *x) {
  if (!x->gr && !(x->gr = calloc(1, sizeof(*x->gr))))
    DIE(x, "out of memory");
  return x->gr;
}

/* Graph state cannot be undone, so a loop that never runs (checked once by
 * the dry run) must not change it. */
static void no_checked_loop(rp_exec *x) {
  if (x->checking)
    DIE(x, "graph commands and work captured into a graph cannot be in a loop that runs no "
           "times");
}

static rp_graph_ent *find_graph(rp_exec *x, const char *name) {
  struct rp_graphs *gr = GR(x);
  for (size_t i = gr->ngraphs; i-- > 0;)
    if (gr->graphs[i].name == name)
      return &gr->graphs[i];
  return NULL;
}

static rp_graph_ent *use_graph(rp_exec *x, const char *name) {
  rp_graph_ent *g = find_graph(x, name);
  if (!g)
    DIE(x, "unknown graph '%s'", name);
  return g;
}

static rp_graph_ent *new_graph(rp_exec *x, const char *name) {
  struct rp_graphs *gr = GR(x);
  if (find_graph(x, name))
    DIE(x, "graph '%s' already exists (made at line %u)", name, find_graph(x, name)->line);
  if (gr->ngraphs == gr->cap_graphs)
    gr->graphs = grow(x, gr->graphs, &gr->cap_graphs, sizeof(*gr->graphs));
  rp_graph_ent *g = &gr->graphs[gr->ngraphs++];
  memset(g, 0, sizeof(*g));
  g->name = name;
  g->line = x->cmd->line;
  if (!(g->g = csan_graph_create()))
    DIE(x, "out of memory");
  return g;
}

static rp_exec_ent *find_gexec(rp_exec *x, const char *name) {
  struct rp_graphs *gr = GR(x);
  for (size_t i = 0; i < gr->nexecs; i++)
    if (gr->execs[i].name == name)
      return &gr->execs[i];
  return NULL;
}

static rp_exec_ent *use_gexec(rp_exec *x, const char *name) {
  rp_exec_ent *e = find_gexec(x, name);
  if (!e)
    DIE(x, "unknown graph exec '%s'", name);
  if (!e->live)
    DIE(x, "graph exec '%s' was destroyed at line %u", name, e->line);
  return e;
}

/* The node id of `name` in graph g. */
static uint32_t graph_node(rp_exec *x, const rp_graph_ent *g, const char *name) {
  uint32_t n = csan_graph_count(g->g);
  for (uint32_t i = 0; i < n; i++)
    if (g->node_names[i] == name)
      return i;
  DIE(x, "graph '%s' has no node '%s'", g->name, name);
}

static void graph_check_model(rp_exec *x, int rc, const char *what) {
  if (rc == CSAN_MODEL_ENOMEM)
    DIE(x, "out of memory");
  check_model(x, rc, what);
}

/* A node description made by the current command: its index. */
static size_t new_gnode(rp_exec *x, const char *name, unsigned fork_line) {
  struct rp_graphs *gr = GR(x);
  if (gr->ngnodes == gr->cap_gnodes)
    gr->gnodes = grow(x, gr->gnodes, &gr->cap_gnodes, sizeof(*gr->gnodes));
  rp_gnode *gn = &gr->gnodes[gr->ngnodes];
  gn->cmd = x->cmd;
  gn->name = name;
  gn->fork_line = fork_line;
  return gr->ngnodes++;
}

/* Adds a node made by the current command to g. */
static uint32_t add_gnode(rp_exec *x, rp_graph_ent *g, csan_gnode_kind kind, const char *name,
                          const csan_graph *child, const uint32_t *deps, size_t ndeps,
                          unsigned fork_line) {
  uint32_t id;
  size_t gi = new_gnode(x, name, fork_line);
  graph_check_model(x, csan_graph_add_node(g->g, kind, gi, child, deps, ndeps, &id),
                    "adding a graph node");
  while (id >= g->cap_names)
    g->node_names = grow(x, g->node_names, &g->cap_names, sizeof(*g->node_names));
  g->node_names[id] = name;
  return id;
}

/* The graph node kind of a command (a `node` body or a captured command). */
static csan_gnode_kind gnode_kind(rp_op op) {
  switch (op) {
  case RP_LAUNCH: return CSAN_GNODE_KERNEL;
  case RP_MEMSET: return CSAN_GNODE_MEMSET;
  case RP_MEMCPY: return CSAN_GNODE_MEMCPY;
  case RP_HOST_FUNC: return CSAN_GNODE_HOST;
  case RP_RECORD: return CSAN_GNODE_EVENT_RECORD;
  case RP_WAIT: return CSAN_GNODE_EVENT_WAIT;
  case RP_ALLOC_ASYNC: return CSAN_GNODE_MEM_ALLOC;
  case RP_FREE_ASYNC: return CSAN_GNODE_MEM_FREE;
  case RP_NODE_CHILD: return CSAN_GNODE_CHILD;
  case RP_NODE_UNCHECKED: return CSAN_GNODE_UNCHECKED;
  default: return CSAN_GNODE_EMPTY;
  }
}

/* The body's op of a node's command. */
static rp_op gnode_body(const rp_cmd *c) {
  return c->op == RP_NODE || c->op == RP_EXEC_SET ? c->body : c->op;
}

/* An alloc node (or a captured cudaMallocAsync): the graph owns the
 * allocation, whose address is fixed when the node is made (as
 * cudaGraphAddMemAllocNode returns it) and whose bytes live from the alloc
 * node's execution to a free node's, or to a later free. */
static void graph_alloc(rp_exec *x, const rp_cmd *c) {
  rp_alloc_ent *a = find_alloc(x, c->alloc);
  if (a)
    DIE(x, "allocation '%s' already exists (allocated at line %u)", c->alloc, a->line);
  a = new_alloc(x, c, true);
  a->freed = true; /* not live until the alloc node runs */
  x->site_len[c->site] = a->size;
  if (x->w && csan_shadow_cpu_track(x->w->shadow, a->base, a->size) != CSAN_SHADOW_OK)
    DIE(x, "out of memory for the shadow of allocation '%s'", a->name);
}

/* ---- Capture errors ------------------------------------------------------ */

static void capture_report(rp_exec *x, const char *error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void capture_report(rp_exec *x, const char *error, const char *fmt, ...) {
  if (!x->w)
    return;
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  x->w->capture_errors++;
  csan_log_printf("==================\nWARNING: csan: stream capture error (%s)\n%s\n"
                  "SUMMARY: csan: stream capture error (%s) %s:%u\n==================\n",
                  error, msg, error, x->p->path, x->cmd->line);
}

static const char *mode_name(rp_capture_mode m) {
  return m == RP_CAPTURE_RELAXED ? "relaxed" : m == RP_CAPTURE_THREAD_LOCAL ? "thread-local"
                                                                            : "global";
}

static rp_cap_stream *capturing(rp_exec *x, const char *stream) {
  struct rp_graphs *gr = x->gr;
  if (!gr)
    return NULL;
  for (size_t i = 0; i < gr->ncstreams; i++)
    if (gr->cstreams[i].stream == stream && gr->caps[gr->cstreams[i].capture].active)
      return &gr->cstreams[i];
  return NULL;
}

static void invalidate(rp_exec *x, rp_capture *cap, const char *error, const char *call) {
  if (cap->invalid_line)
    return;
  cap->invalid_line = x->cmd->line;
  capture_report(x, error,
                 "  %s at %s:%u is not allowed while stream %s is capturing (%s mode):\n"
                 "  the capture begun at %s:%u is invalidated and makes no graph",
                 call, x->p->path, x->cmd->line, cap->origin, mode_name(cap->mode), x->p->path,
                 cap->line);
}

static void set_deps(rp_exec *x, rp_cap_stream *cs, const uint32_t *deps, size_t n) {
  while (cs->cap < n)
    cs->deps = grow(x, cs->deps, &cs->cap, sizeof(*cs->deps));
  if (n) /* deps may be null for none: memcpy's pointers may not */
    memcpy(cs->deps, deps, n * sizeof(*deps));
  cs->ndeps = n;
}

static rp_cap_stream *join_capture(rp_exec *x, const char *stream, size_t capture,
                                   unsigned fork_line) {
  struct rp_graphs *gr = GR(x);
  for (size_t i = 0; i < gr->ncstreams; i++) /* reuse a finished entry */
    if (gr->cstreams[i].stream == stream && !gr->caps[gr->cstreams[i].capture].active) {
      gr->cstreams[i].capture = capture;
      gr->cstreams[i].ndeps = 0;
      gr->cstreams[i].fork_line = fork_line;
      return &gr->cstreams[i];
    }
  if (gr->ncstreams == gr->cap_cstreams)
    gr->cstreams = grow(x, gr->cstreams, &gr->cap_cstreams, sizeof(*gr->cstreams));
  rp_cap_stream *cs = &gr->cstreams[gr->ncstreams++];
  memset(cs, 0, sizeof(*cs));
  cs->stream = stream;
  cs->capture = capture;
  cs->fork_line = fork_line;
  return cs;
}

static rp_cap_event *cap_event(rp_exec *x, const char *event) {
  struct rp_graphs *gr = x->gr;
  for (size_t i = 0; gr && i < gr->ncevents; i++)
    if (gr->cevents[i].event == event && gr->cevents[i].live)
      return &gr->cevents[i];
  return NULL;
}

/* Is a capture in a mode that forbids unsafe calls active? */
static rp_capture *strict_capture(rp_exec *x) {
  struct rp_graphs *gr = x->gr;
  for (size_t i = 0; gr && i < gr->ncaps; i++)
    if (gr->caps[i].active && gr->caps[i].mode != RP_CAPTURE_RELAXED)
      return &gr->caps[i];
  return NULL;
}

/* A capture of a stream that takes part in the legacy stream's implicit
 * synchronization (a blocking stream). */
static rp_capture *blocking_capture(rp_exec *x) {
  struct rp_graphs *gr = x->gr;
  for (size_t i = 0; gr && i < gr->ncstreams; i++) {
    rp_capture *cap = &gr->caps[gr->cstreams[i].capture];
    rp_stream_ent *s = find_stream(x, gr->cstreams[i].stream);
    if (cap->active && s && s->kind != CSAN_STREAM_NONBLOCKING)
      return cap;
  }
  return NULL;
}

/* Called before every stream command: true when the command was taken by a
 * capture (or refused by CUDA because of one) and must not run. */
static bool graph_divert(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  if (!x->gr || !x->gr->ncaps)
    return false;
  struct rp_graphs *gr = x->gr;
  rp_cap_stream *cs = NULL;
  switch (c->op) {
  case RP_LAUNCH:
  case RP_MEMSET:
  case RP_MEMCPY:
  case RP_HOST_FUNC:
  case RP_ALLOC_ASYNC:
  case RP_FREE_ASYNC:
  case RP_RECORD:
  case RP_WAIT:
  case RP_SYNC_STREAM:
  case RP_QUERY_STREAM:
    cs = capturing(x, c->stream);
    break;
  case RP_SYNC_DEVICE:
  case RP_ALLOC:
  case RP_FREE: {
    rp_capture *cap = strict_capture(x);
    if (cap) {
      no_checked_loop(x);
      invalidate(x, cap, "cudaErrorStreamCaptureUnsupported",
                 c->op == RP_SYNC_DEVICE ? "sync-device (cudaDeviceSynchronize)"
                 : c->op == RP_ALLOC     ? "alloc (cudaMalloc)"
                                         : "free (cudaFree)");
      return true;
    }
    return false;
  }
  default:
    return false;
  }
  bool work = c->op == RP_LAUNCH || c->op == RP_MEMSET || c->op == RP_MEMCPY ||
              c->op == RP_HOST_FUNC;
  if (!cs && c->op == RP_WAIT && cap_event(x, c->event)) {
    /* A stream waiting for an event recorded in a capture joins it. */
    no_checked_loop(x);
    rp_cap_event *ce = cap_event(x, c->event);
    use_stream(x, c->stream);
    cs = join_capture(x, c->stream, ce->capture, c->line);
    set_deps(x, cs, ce->deps, ce->ndeps);
    return true;
  }
  if (!cs) {
    rp_capture *cap;
    if (work && !strcmp(c->stream, "legacy") && (cap = blocking_capture(x))) {
      no_checked_loop(x);
      if (cap->mode != RP_CAPTURE_RELAXED) {
        invalidate(x, cap, "cudaErrorStreamCaptureImplicit",
                   "work on the legacy stream, which would wait for the capturing stream,");
        return true;
      }
      capture_report(x, "eager work during capture",
                     "  %s%s on the legacy stream at %s:%u runs now, outside the graph that "
                     "stream %s is capturing (relaxed mode) since %s:%u,\n"
                     "  and is not ordered with the work captured there",
                     c->op == RP_LAUNCH ? "kernel " : "",
                     c->op == RP_LAUNCH   ? c->kernel
                     : c->op == RP_MEMSET ? "memset"
                     : c->op == RP_MEMCPY ? "memcpy"
                                          : "host function",
                     x->p->path, c->line, cap->origin, x->p->path, cap->line);
    }
    return false;
  }
  no_checked_loop(x);
  rp_capture *cap = &gr->caps[cs->capture];
  rp_graph_ent *g = &gr->graphs[cap->graph];
  switch (c->op) {
  case RP_SYNC_STREAM:
  case RP_QUERY_STREAM:
    invalidate(x, cap, "cudaErrorStreamCaptureUnsupported",
               c->op == RP_SYNC_STREAM ? "sync-stream of a capturing stream"
                                       : "query-stream of a capturing stream");
    return true;
  case RP_RECORD: {
    rp_event_ent *e = use_event(x, c->event);
    (void)e;
    rp_cap_event *ce = cap_event(x, c->event);
    if (!ce) {
      if (gr->ncevents == gr->cap_cevents)
        gr->cevents = grow(x, gr->cevents, &gr->cap_cevents, sizeof(*gr->cevents));
      ce = &gr->cevents[gr->ncevents++];
      memset(ce, 0, sizeof(*ce));
      ce->event = c->event;
      ce->live = true;
    }
    ce->capture = cs->capture;
    free(ce->deps);
    ce->deps = NULL;
    ce->ndeps = cs->ndeps;
    if (cs->ndeps && !(ce->deps = malloc(cs->ndeps * sizeof(*ce->deps))))
      DIE(x, "out of memory");
    if (cs->ndeps)
      memcpy(ce->deps, cs->deps, cs->ndeps * sizeof(*ce->deps));
    return true;
  }
  case RP_WAIT: {
    use_event(x, c->event);
    rp_cap_event *ce = cap_event(x, c->event);
    if (!ce || ce->capture != cs->capture) {
      invalidate(x, cap, "cudaErrorStreamCaptureIsolation",
                 "waiting for an event not recorded in this capture");
      return true;
    }
    for (size_t i = 0; i < ce->ndeps; i++) {
      bool have = false;
      for (size_t j = 0; j < cs->ndeps && !have; j++)
        have = cs->deps[j] == ce->deps[i];
      if (!have) {
        if (cs->ndeps == cs->cap)
          cs->deps = grow(x, cs->deps, &cs->cap, sizeof(*cs->deps));
        cs->deps[cs->ndeps++] = ce->deps[i];
      }
    }
    return true;
  }
  default:
    break;
  }
  if (cap->invalid_line)
    return true; /* cudaErrorStreamCaptureInvalidated: nothing is captured */
  use_stream(x, c->stream);
  if (c->op == RP_ALLOC_ASYNC)
    graph_alloc(x, c);
  else if (c->op == RP_FREE_ASYNC)
    x->site_len[c->site] = use_alloc(x, c->alloc)->size;
  uint32_t id = add_gnode(x, g, gnode_kind(c->op), NULL, NULL, cs->deps, cs->ndeps,
                          cs->fork_line);
  set_deps(x, cs, &id, 1);
  return true;
}

/* ---- Graph commands ------------------------------------------------------ */

static void run_node(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  rp_graph_ent *g = use_graph(x, c->graph);
  uint32_t n = csan_graph_count(g->g);
  for (uint32_t i = 0; i < n; i++)
    if (g->node_names[i] == c->node)
      DIE(x, "graph '%s' already has a node '%s'", g->name, c->node);
  const csan_graph *child = NULL;
  if (c->body == RP_NODE_CHILD) {
    rp_graph_ent *cg = find_graph(x, c->graph2);
    if (!cg || cg == g)
      DIE(x, cg ? "a graph cannot be its own child" : "unknown graph '%s'", c->graph2);
    child = cg->g;
  }
  if (c->body == RP_ALLOC_ASYNC)
    graph_alloc(x, c);
  else if (c->body == RP_FREE_ASYNC)
    x->site_len[c->site] = use_alloc(x, c->alloc)->size;
  else if (c->body == RP_RECORD || c->body == RP_WAIT)
    use_event(x, c->event);
  struct rp_graphs *gr = GR(x);
  while (c->ndeps > gr->cap_deps)
    gr->deps = grow(x, gr->deps, &gr->cap_deps, sizeof(*gr->deps));
  for (size_t i = 0; i < c->ndeps; i++) {
    uint32_t d = UINT32_MAX;
    for (uint32_t j = 0; j < n && d == UINT32_MAX; j++)
      if (g->node_names[j] == c->deps[i])
        d = j;
    if (d == UINT32_MAX)
      DIE(x, "graph '%s' has no node '%s'", g->name, c->deps[i]);
    gr->deps[i] = d;
  }
  add_gnode(x, g, gnode_kind(c->body), c->node, child, gr->deps, c->ndeps, 0);
}

static void run_capture_begin(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  struct rp_graphs *gr = GR(x);
  use_stream(x, c->stream);
  if (capturing(x, c->stream))
    DIE(x, "stream '%s' is already capturing", c->stream);
  rp_graph_ent *g = c->graph ? use_graph(x, c->graph) : NULL;
  if (!g) { /* cudaStreamBeginCapture: a graph of its own, named at the end */
    if (gr->ngraphs == gr->cap_graphs)
      gr->graphs = grow(x, gr->graphs, &gr->cap_graphs, sizeof(*gr->graphs));
    g = &gr->graphs[gr->ngraphs++];
    memset(g, 0, sizeof(*g));
    g->line = c->line;
    if (!(g->g = csan_graph_create()))
      DIE(x, "out of memory");
  }
  if (g->capturing)
    DIE(x, "graph '%s' is already being captured into", g->name);
  g->capturing = true;
  if (gr->ncaps == gr->cap_caps)
    gr->caps = grow(x, gr->caps, &gr->cap_caps, sizeof(*gr->caps));
  rp_capture *cap = &gr->caps[gr->ncaps++];
  memset(cap, 0, sizeof(*cap));
  cap->origin = c->stream;
  cap->graph = (size_t)(g - gr->graphs);
  cap->mode = c->mode;
  cap->line = c->line;
  cap->active = true;
  rp_cap_stream *cs = join_capture(x, c->stream, gr->ncaps - 1, 0);
  for (size_t i = 0; i < c->ndeps; i++) {
    uint32_t id = graph_node(x, g, c->deps[i]);
    if (cs->ndeps == cs->cap)
      cs->deps = grow(x, cs->deps, &cs->cap, sizeof(*cs->deps));
    cs->deps[cs->ndeps++] = id;
  }
}

/* cudaStreamUpdateCaptureDependencies: the stream's next node depends on
 * the named nodes of the capture's graph (set), or on them too (add). */
static void run_capture_deps(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  struct rp_graphs *gr = GR(x);
  rp_cap_stream *cs = capturing(x, c->stream);
  if (!cs)
    DIE(x, "stream '%s' is not capturing", c->stream);
  rp_graph_ent *g = &gr->graphs[gr->caps[cs->capture].graph];
  if (c->set)
    cs->ndeps = 0;
  for (size_t i = 0; i < c->ndeps; i++) {
    uint32_t id = graph_node(x, g, c->deps[i]);
    bool have = false;
    for (size_t j = 0; j < cs->ndeps && !have; j++)
      have = cs->deps[j] == id;
    if (have)
      continue;
    if (cs->ndeps == cs->cap)
      cs->deps = grow(x, cs->deps, &cs->cap, sizeof(*cs->deps));
    cs->deps[cs->ndeps++] = id;
  }
}

/* cudaStreamEndCapture: every node captured must lead to the origin
 * stream's last work, else a forked stream was not joined back
 * (cudaErrorStreamCaptureUnjoined) and the capture fails. */
static void run_capture_end(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  struct rp_graphs *gr = GR(x);
  rp_cap_stream *cs = capturing(x, c->stream);
  if (!cs)
    DIE(x, "stream '%s' is not capturing", c->stream);
  rp_capture *cap = &gr->caps[cs->capture];
  if (cap->origin != c->stream)
    DIE(x, "stream '%s' joined the capture begun on '%s' at line %u: only '%s' can end it",
        c->stream, cap->origin, cap->line, cap->origin);
  size_t gi = cap->graph;
  rp_graph_ent *g = &gr->graphs[gi];
  bool ok = !cap->invalid_line;
  if (!ok)
    capture_report(x, "cudaErrorStreamCaptureInvalidated",
                   "  the capture begun at %s:%u on stream %s was invalidated at %s:%u: "
                   "capture-end makes no graph",
                   x->p->path, cap->line, cap->origin, x->p->path, cap->invalid_line);
  uint32_t n = csan_graph_count(g->g);
  for (uint32_t i = 0; ok && i < n; i++) {
    bool joined = false;
    for (size_t j = 0; j < cs->ndeps && !joined; j++)
      joined = csan_graph_reaches(g->g, i, cs->deps[j]);
    if (joined)
      continue;
    const rp_gnode *gn = &gr->gnodes[csan_graph_payload(g->g, i)];
    if (g->node_names[i]) /* a node added to the graph before capture */
      continue;
    if (gn->cmd->stream == cap->origin) /* left out by capture-deps set: no fork */
      continue;
    ok = false;
    capture_report(x, "cudaErrorStreamCaptureUnjoined",
                   "  work captured at %s:%u on stream %s, which was forked into the capture "
                   "at %s:%u,\n  is not joined back into stream %s before capture-end: the "
                   "capture begun at %s:%u fails",
                   x->p->path, gn->cmd->line, gn->cmd->stream ? gn->cmd->stream : "?",
                   x->p->path, gn->fork_line, cap->origin, x->p->path, cap->line);
  }
  cap->active = false;
  g->capturing = false;
  if (c->graph && g->name && g->name != c->graph)
    DIE(x, "the capture began into graph '%s', not '%s'", g->name, c->graph);
  if (!g->name) {
    if (find_graph(x, c->graph))
      DIE(x, "graph '%s' already exists (made at line %u)", c->graph,
          find_graph(x, c->graph)->line);
    gr->graphs[gi].name = c->graph;
  }
  gr->graphs[gi].failed = !ok;
}

static void run_instantiate(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  struct rp_graphs *gr = GR(x);
  rp_graph_ent *g = use_graph(x, c->graph);
  if (g->capturing)
    DIE(x, "graph '%s' is being captured into", g->name);
  rp_exec_ent *e = find_gexec(x, c->exec);
  if (e && e->live)
    DIE(x, "graph exec '%s' already exists (instantiated at line %u)", c->exec, e->line);
  if (!e) {
    if (gr->nexecs == gr->cap_execs)
      gr->execs = grow(x, gr->execs, &gr->cap_execs, sizeof(*gr->execs));
    e = &gr->execs[gr->nexecs++];
    memset(e, 0, sizeof(*e));
    e->name = c->exec;
  }
  e->graph = (size_t)(g - gr->graphs);
  e->live = true;
  e->failed = g->failed; /* cudaGraphInstantiate of no graph fails; launches do nothing */
  e->auto_free = c->num == 1;
  e->line = c->line;
  e->g = csan_graph_clone(g->g);
  if (!e->g)
    DIE(x, "out of memory");
  if (!x->w || e->failed)
    return;
  graph_check_model(x, csan_gexec_create(x->w->model, e->g, CSAN_GRAPH_MAX_LANES, &e->gx),
                    "instantiating a graph");
  if (csan_gexec_merged(e->gx))
    csan_log_printf("csan: graph exec %s (%s:%u) is wider than csan's %u lanes or found no "
                    "free stream slot: some of its nodes are checked as ordered\n",
                    e->name, x->p->path, c->line, CSAN_GRAPH_MAX_LANES);
}

static void drop_exec(rp_exec *x, rp_exec_ent *e) {
  if (x->w && e->gx)
    csan_gexec_destroy(x->w->model, e->gx);
  e->gx = NULL;
  csan_graph_destroy(e->g);
  e->g = NULL;
}

/* One node of a launch: its command, run on the node's lane. */
typedef struct rp_launch {
  rp_exec *x;
  const rp_exec_ent *e;
  const char *where; /* the lane's display name */
  const rp_cmd *launch_cmd;
  uint64_t *op_at; /* per flat node: its operation's slot << 32 | epoch (0: none) */
} rp_launch;

/* A kernel node: its accesses before its wait on the grid dependencies
 * (all but `waited-` ones) leave out of their clock the nodes it may
 * overlap through programmatic edges (csan_gexec_pre_wait_clock), as the
 * runtime's twin context before the wait does. */
static void run_kernel_node(rp_launch *l, const rp_stream_ent *s, uint32_t node) {
  rp_exec *x = l->x;
  const rp_cmd *c = x->cmd;
  uint64_t *pa, *pl;
  resolve_ranges(x, &pa, &pl);
  if (!x->w)
    return;
  csan_op op;
  issue(x, s, CSAN_OPK_KERNEL, c->kernel, 0, &op);
  if (l->op_at)
    l->op_at[node] = csan_gexec_mark(op.slot, op.epoch);
  csan_op pre = op;
  csan_gexec_pre_wait_clock(l->e->gx, node, l->op_at, pre.vc.c);
  for (size_t i = 0; i < c->nranges; i++)
    access_bytes(x, c->ranges[i].after_wait ? &op : &pre, pa[i], pl[i], c->ranges[i].access,
                 c->ranges[i].site);
}

static void node_access(rp_exec *x, const csan_op *op, const rp_alloc_ent *a, uint32_t acc,
                        uint32_t site) {
  access_bytes(x, op, a->base, a->size, acc, site);
}

/* Checks (dry run) or issues (real run) node gn on lane (0 in the dry
 * run). */
static void run_gnode(rp_launch *l, const rp_gnode *gn, csan_key lane) {
  rp_exec *x = l->x;
  const rp_cmd *c = gn->cmd;
  rp_op body = gnode_body(c);
  rp_stream_ent ls;
  memset(&ls, 0, sizeof(ls));
  ls.key = lane;
  ls.name = l->where;
  if (gn->name) {
    char buf[512];
    snprintf(buf, sizeof(buf), "%s, node %s", l->where, gn->name);
    ls.name = csan_intern(buf);
  }
  rp_world *w = x->w;
  csan_op op;
  switch (body) {
  case RP_LAUNCH:
    run_kernel_node(l, w ? &ls : NULL, x->gr->cur_node);
    break;
  case RP_MEMSET:
    run_ranges(x, w ? &ls : NULL, CSAN_OPK_SET, "memset");
    break;
  case RP_MEMCPY:
    run_ranges(x, w ? &ls : NULL, CSAN_OPK_COPY, "memcpy");
    break;
  case RP_HOST_FUNC:
    if (w)
      issue(x, &ls, CSAN_OPK_HOST_FUNC, "host function", 0, &op);
    break;
  case RP_RECORD: {
    rp_event_ent *e = use_event(x, c->event);
    if (w)
      check_model(x, csan_model_event_record(w->model, e->key, lane), "recording an event");
    break;
  }
  case RP_WAIT: {
    rp_event_ent *e = use_event(x, c->event);
    if (w)
      check_model(x, csan_model_stream_wait_event(w->model, lane, e->key),
                  "waiting for an event");
    break;
  }
  case RP_ALLOC_ASYNC: {
    rp_alloc_ent *a = use_alloc(x, c->alloc);
    bool was_freed = a->freed;
    a->freed = false;
    if (!w)
      break;
    issue(x, &ls, CSAN_OPK_ALLOC, "graph alloc node", a->size, &op);
    if (was_freed) {
      csan_alloc_info info;
      memset(&info, 0, sizeof(info));
      info.base = a->base;
      info.size = a->size;
      info.flags = CSAN_ALLOC_DEVICE | CSAN_ALLOC_STREAM_ORDERED;
      info.name = a->name;
      info.made.api = "graph alloc node";
      info.made.site = here(x);
      info.made.op_id = op.op_id;
      info.made.slot = op.slot;
      info.made.epoch = op.epoch;
      info.made.stream = lane;
      if (csan_allocs_add(w->allocs, &info) != CSAN_ALLOC_OK)
        DIE(x, "internal error: allocation '%s' overlaps another", a->name);
    }
    node_access(x, &op, a, CSAN_ACC_ALLOC | CSAN_ACC_WRITE, c->site);
    break;
  }
  case RP_FREE_ASYNC: {
    rp_alloc_ent *a = use_alloc(x, c->alloc);
    x->site_len[c->site] = a->size;
    bool was_freed = a->freed;
    a->freed = true;
    if (!w)
      break;
    issue(x, &ls, CSAN_OPK_FREE, "graph free node", a->size, &op);
    node_access(x, &op, a, CSAN_ACC_FREE | CSAN_ACC_WRITE, c->site);
    if (!was_freed) {
      csan_alloc_event ev;
      memset(&ev, 0, sizeof(ev));
      ev.api = "graph free node";
      ev.op_id = op.op_id;
      ev.slot = op.slot;
      ev.epoch = op.epoch;
      ev.stream = lane;
      ev.site = here(x);
      csan_allocs_remove(w->allocs, a->base, &ev, NULL);
    }
    break;
  }
  case RP_NODE_UNCHECKED:
    if (w) {
      char name[256];
      snprintf(name, sizeof(name), "graph %s node", c->kernel);
      csan_host_site site = here(x);
      if (csan_unchecked_add(name,
                             c->kernel[0] == 'c'
                                 ? "csan does not follow conditional graph nodes: the "
                                   "body graph's work is not checked"
                                 : "a graph launched from the device is not seen by the host",
                             &site))
        csan_log_printf("csan: %s at %s:%u is not checked (see the exit summary)\n", name,
                        x->p->path, c->line);
    }
    break;
  default:
    break;
  }
}

static void graph_note_op(rp_exec *x, const csan_op *op) {
  struct rp_graphs *gr = x->gr;
  if (!gr || !gr->launching)
    return;
  if (gr->nnode_ops == gr->cap_node_ops)
    gr->node_ops = grow(x, gr->node_ops, &gr->cap_node_ops, sizeof(*gr->node_ops));
  struct rp_node_op *o = &gr->node_ops[gr->nnode_ops++];
  o->slot = op->slot;
  o->epoch = op->epoch;
  o->node = gr->cur_node;
}

/* The node of this launch that issued (slot, epoch), or UINT32_MAX. */
static uint32_t node_of_op(const struct rp_graphs *gr, uint32_t slot, csan_epoch_t epoch) {
  for (size_t i = 0; i < gr->nnode_ops; i++)
    if (gr->node_ops[i].slot == slot && gr->node_ops[i].epoch == epoch)
      return gr->node_ops[i].node;
  return UINT32_MAX;
}

/* A node's label: its name or line, and what it does. */
static void dot_label(FILE *f, rp_exec *x, const csan_gexec *gx, uint32_t i) {
  const csan_gexec_node *n = csan_gexec_node_at(gx, i);
  const rp_gnode *gn = &x->gr->gnodes[n->payload];
  const rp_cmd *c = gn->cmd;
  rp_op body = gnode_body(c);
  const char *what = csan_gnode_kind_name(n->kind);
  fprintf(f, "  n%u [label=\"%s%s%s%s%s\\nline %u\"", i, gn->name ? gn->name : "",
          gn->name ? ": " : "", what, body == RP_LAUNCH ? " " : "",
          body == RP_LAUNCH ? c->kernel : "", c->line);
}

/* rp_world.on_report during a launch: a race between two of its nodes is
 * drawn, with the two nodes and the missing path marked. */
static void dot_race(void *ctx, const csan_race *e) {
  rp_exec *x = ctx;
  struct rp_graphs *gr = x->gr;
  rp_launch *l = gr->launching;
  uint32_t a = node_of_op(gr, CSAN_TAG_GET_SLOT(e->other), CSAN_TAG_GET_EPOCH(e->other));
  uint32_t b = node_of_op(gr, e->slot, e->epoch);
  if (a == UINT32_MAX || b == UINT32_MAX || a == b)
    return;
  char path[4096];
  int len = snprintf(path, sizeof(path), "%s.%s.%u.dot", x->w->flags.graph_dot, l->e->name,
                     l->launch_cmd->line);
  FILE *f = len > 0 && (size_t)len < sizeof(path) ? fopen(path, "w") : NULL;
  if (!f) {
    csan_log_printf("csan: cannot write the graph picture %s\n", path);
    return;
  }
  const csan_gexec *gx = l->e->gx;
  fprintf(f, "digraph \"graph exec %s launched at %s:%u\" {\n", l->e->name, x->p->path,
          l->launch_cmd->line);
  for (uint32_t i = 0; i < csan_gexec_count(gx); i++) {
    dot_label(f, x, gx, i);
    if (i == a || i == b)
      fprintf(f, ", color=red, penwidth=2");
    fprintf(f, "];\n");
  }
  for (uint32_t i = 0; i < csan_gexec_count(gx); i++) {
    const uint32_t *deps;
    size_t nd = csan_gexec_deps(gx, i, &deps);
    for (size_t j = 0; j < nd; j++)
      fprintf(f, "  n%u -> n%u;\n", deps[j], i);
  }
  fprintf(f, "  n%u -> n%u [style=dashed, color=red, label=\"no path: race\"];\n}\n", a, b);
  fclose(f);
  csan_log_printf("csan: the graph with this race (nodes at lines %u and %u, no path between "
                  "them): %s\n",
                  gr->gnodes[csan_gexec_node_at(gx, a)->payload].cmd->line,
                  gr->gnodes[csan_gexec_node_at(gx, b)->payload].cmd->line, path);
}

/* csan_gexec_issue_fn: the real run's node. */
static int issue_gnode(void *ctx, const csan_gexec *gx, uint32_t i, csan_key lane) {
  rp_launch *l = ctx;
  const csan_gexec_node *n = csan_gexec_node_at(gx, i);
  const rp_gnode *gn = &l->x->gr->gnodes[n->payload];
  l->x->gr->cur_node = i;
  l->x->cmd = gn->cmd;
  run_gnode(l, gn, lane);
  l->x->cmd = l->launch_cmd;
  return 0;
}

/* The dry run: every node of g (child graphs too) is checked. */
static void check_nodes(rp_launch *l, const csan_graph *g) {
  uint32_t n = csan_graph_count(g);
  rp_exec *x = l->x;
  for (uint32_t i = 0; i < n; i++) {
    if (++x->gr->node_steps > x->p->limits.max_steps)
      DIE(x, "graph launches issue more than %llu nodes in all (csan-replay's limit)",
          (unsigned long long)x->p->limits.max_steps);
    const rp_gnode *gn = &x->gr->gnodes[csan_graph_payload(g, i)];
    const rp_cmd *c = gn->cmd;
    if (csan_graph_kind(g, i) == CSAN_GNODE_CHILD) {
      check_nodes(l, csan_graph_child(g, i)); /* the node's own copy */
      continue;
    }
    x->cmd = c;
    run_gnode(l, gn, 0);
    x->cmd = l->launch_cmd;
  }
}

/* cudaGraphInstantiateFlagAutoFreeOnLaunch: what the graph's alloc nodes
 * allocated and nothing freed since is freed on the launch stream before
 * the launch (a free there, like cudaFreeAsync). */
static void auto_free(rp_exec *x, const csan_graph *g, rp_stream_ent *s) {
  uint32_t n = csan_graph_count(g);
  for (uint32_t i = 0; i < n; i++) {
    if (csan_graph_kind(g, i) == CSAN_GNODE_CHILD) {
      auto_free(x, csan_graph_child(g, i), s);
      continue;
    }
    const rp_cmd *c = x->gr->gnodes[csan_graph_payload(g, i)].cmd;
    if (csan_graph_kind(g, i) != CSAN_GNODE_MEM_ALLOC)
      continue;
    rp_alloc_ent *a = use_alloc(x, c->alloc);
    if (a->freed)
      continue;
    a->freed = true;
    rp_world *w = x->w;
    if (!w)
      continue;
    csan_op op;
    issue(x, s, CSAN_OPK_FREE, "auto free on launch", a->size, &op);
    access_bytes(x, &op, a->base, a->size, CSAN_ACC_FREE | CSAN_ACC_WRITE, c->site);
    csan_alloc_event ev;
    memset(&ev, 0, sizeof(ev));
    ev.api = "auto free on launch";
    ev.op_id = op.op_id;
    ev.slot = op.slot;
    ev.epoch = op.epoch;
    ev.stream = s->key;
    ev.site = here(x);
    csan_allocs_remove(w->allocs, a->base, &ev, NULL);
  }
}

static void run_graph_launch(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  rp_exec_ent *e = use_gexec(x, c->exec);
  rp_stream_ent *s = use_stream(x, c->stream);
  rp_cap_stream *cs = capturing(x, c->stream);
  if (cs) {
    /* A graph launched into a capture becomes a child graph node. */
    no_checked_loop(x);
    rp_capture *cap = &x->gr->caps[cs->capture];
    if (cap->invalid_line || e->failed)
      return;
    uint32_t id = add_gnode(x, &x->gr->graphs[cap->graph], CSAN_GNODE_CHILD, NULL, e->g,
                            cs->deps, cs->ndeps, cs->fork_line);
    set_deps(x, cs, &id, 1);
    return;
  }
  if (e->failed)
    return;
  if (e->auto_free)
    auto_free(x, e->g, s);
  char where[512];
  snprintf(where, sizeof(where), "%s (graph exec %s launched at line %u)", s->name, e->name,
           c->line);
  rp_launch l = {x, e, csan_intern(where), c, NULL};
  if (!x->w) {
    check_nodes(&l, e->g);
    return;
  }
  bool dot = x->w->flags.graph_dot[0] != '\0';
  if (dot) {
    x->gr->launching = &l;
    x->gr->nnode_ops = 0;
  }
  l.op_at = calloc(csan_gexec_count(e->gx), sizeof(*l.op_at));
  int rc = csan_gexec_launch(x->w->model, e->gx, s->key, issue_gnode, &l);
  free(l.op_at);
  l.op_at = NULL;
  x->cmd = c;
  graph_check_model(x, rc, "launching a graph");
  if (dot) {
    x->w->on_report = dot_race;
    x->w->on_report_ctx = x;
    rp_drain(x->w);
    x->w->on_report = NULL;
    x->gr->launching = NULL;
  }
}

static void run_exec_set(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  rp_exec_ent *e = use_gexec(x, c->exec);
  if (e->failed)
    return;
  rp_graph_ent *g = &x->gr->graphs[e->graph];
  uint32_t id = graph_node(x, g, c->node);
  csan_gnode_kind k = csan_graph_kind(e->g, id);
  if (k != gnode_kind(c->body) || k == CSAN_GNODE_CHILD)
    DIE(x, "node '%s' is a %s node: its parameters cannot be set from a %s body", c->node,
        csan_gnode_kind_name(k), csan_gnode_kind_name(gnode_kind(c->body)));
  if (c->body == RP_ALLOC_ASYNC || c->body == RP_FREE_ASYNC)
    DIE(x, "the parameters of memory nodes cannot be changed in an exec");
  size_t gi = new_gnode(x, c->node, 0);
  csan_graph_set_payload(e->g, id, gi);
  if (x->w)
    graph_check_model(x, csan_gexec_set_payload(e->gx, id, gi), "setting node parameters");
}

static void run_exec_update(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  rp_exec_ent *e = use_gexec(x, c->exec);
  rp_graph_ent *g = use_graph(x, c->graph);
  if (e->failed || g->failed)
    return;
  if (!csan_graph_same_topology(e->g, g->g))
    DIE(x, "graph '%s' does not have the topology of the graph exec '%s' was instantiated "
           "from (cudaGraphExecUpdate fails)",
        g->name, e->name);
  csan_graph *copy = csan_graph_clone(g->g);
  if (!copy)
    DIE(x, "out of memory");
  csan_graph_destroy(e->g);
  e->g = copy;
  if (x->w)
    graph_check_model(x, csan_gexec_update(e->gx, g->g), "updating a graph exec");
}

static void run_graph_command(rp_exec *x) {
  const rp_cmd *c = x->cmd;
  no_checked_loop(x);
  switch (c->op) {
  case RP_GRAPH:
    new_graph(x, c->graph);
    break;
  case RP_NODE:
    run_node(x);
    break;
  case RP_EDGE: {
    rp_graph_ent *g = use_graph(x, c->graph);
    uint32_t from = graph_node(x, g, c->deps[0]), to = graph_node(x, g, c->node);
    if (from == to || csan_graph_reaches(g->g, to, from))
      DIE(x, "edge %s -> %s would make a cycle", c->deps[0], c->node);
    graph_check_model(x, csan_graph_add_edge(g->g, from, to), "adding an edge");
    /* PDL: TO may begin before FROM ends; only its `waited-` accesses (after
     * its cudaGridDependencySynchronize) are ordered after FROM. */
    if (c->num)
      graph_check_model(x, csan_graph_set_programmatic(g->g, from, to),
                        "marking an edge programmatic");
    break;
  }
  case RP_CLONE: {
    rp_graph_ent *src = use_graph(x, c->graph2);
    size_t si = (size_t)(src - x->gr->graphs);
    rp_graph_ent *g = new_graph(x, c->graph);
    src = &x->gr->graphs[si];
    csan_graph_destroy(g->g);
    if (!(g->g = csan_graph_clone(src->g)))
      DIE(x, "out of memory");
    g->failed = src->failed;
    uint32_t n = csan_graph_count(src->g);
    while (n > g->cap_names)
      g->node_names = grow(x, g->node_names, &g->cap_names, sizeof(*g->node_names));
    if (n)
      memcpy(g->node_names, src->node_names, n * sizeof(*g->node_names));
    break;
  }
  case RP_CAPTURE_BEGIN:
    if (!strcmp(c->stream, "legacy"))
      DIE(x, "the legacy stream cannot be captured (cudaErrorStreamCaptureUnsupported)");
    run_capture_begin(x);
    break;
  case RP_CAPTURE_END:
    run_capture_end(x);
    break;
  case RP_CAPTURE_DEPS:
    run_capture_deps(x);
    break;
  case RP_INSTANTIATE:
    run_instantiate(x);
    break;
  case RP_GRAPH_LAUNCH:
    run_graph_launch(x);
    break;
  case RP_EXEC_SET:
    run_exec_set(x);
    break;
  case RP_EXEC_UPDATE:
    run_exec_update(x);
    break;
  case RP_DESTROY_EXEC: {
    rp_exec_ent *e = use_gexec(x, c->exec);
    drop_exec(x, e);
    e->live = false;
    e->line = c->line;
    break;
  }
  default:
    break;
  }
}

static void graphs_free(rp_exec *x) {
  struct rp_graphs *gr = x->gr;
  if (!gr)
    return;
  for (size_t i = 0; i < gr->nexecs; i++)
    drop_exec(x, &gr->execs[i]);
  for (size_t i = 0; i < gr->ngraphs; i++) {
    csan_graph_destroy(gr->graphs[i].g);
    free(gr->graphs[i].node_names);
  }
  for (size_t i = 0; i < gr->ncstreams; i++)
    free(gr->cstreams[i].deps);
  for (size_t i = 0; i < gr->ncevents; i++)
    free(gr->cevents[i].deps);
  free(gr->node_ops);
  free(gr->deps);
  free(gr->gnodes);
  free(gr->graphs);
  free(gr->execs);
  free(gr->caps);
  free(gr->cstreams);
  free(gr->cevents);
  free(gr);
  x->gr = NULL;
}
