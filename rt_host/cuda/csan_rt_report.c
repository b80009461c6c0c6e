/* csan_rt_report.c: draining the device race table into the reporter, and
 * the end of a run.
 *
 * After every call that made the host wait (stream, event and device
 * synchronization, successful queries, synchronous copies that wait) and at
 * exit, the race table is copied to the host on csan's private stream (a
 * non-blocking stream, so the copy never waits for the application's work)
 * and handed to the reporter with the clock of completed work as it was when
 * the drain started: only work the program or csan waited for is reported,
 * so an entry is never printed while its operation may still add to it. The header comes
 * first: when no entry was claimed since the last drain and none was left
 * pending, the entries are not copied at all.
 *
 * The reporter's environment answers from the registries, plus device sites
 * (csan_rt_sites.c) and stream names: the program's name for a stream
 * (csan_name_stream in include/csan/csan.h), `legacy`, `per-thread`, else
 * the reporter's hex handle.
 *
 * Torn entries. Kernels on other streams may be inserting while the table is
 * copied, and the copy (a DMA) has no order: it can see an entry's READY
 * state (published last, with release) before the fields written first. An
 * entry whose fields do not hold together (epoch 0 on a stream slot, a slot
 * out of range, no count, or fields that do not give its key:
 * csan_race_key, the device's own function) is treated as still being
 * filled: left for the next drain. One still torn at exit is not reported,
 * and csan says so.
 */
#include "csan_graph.h"
#include "csan_rt_errors.h"
#include "csan_rt_pool.h"
#include "csan_rt_report.h"

#include "csan_unchecked.h"

/* csan_race_key, the device's key function, from the one source (the CPU
 * platform layer of the shadow engine). */
#include "csan_shadow_cpu_platform.h"

#include "csan_rt_shadow.h"
#include "csan_rt_sites.h"
#include "csan_rt_twins.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static _Atomic uint32_t g_last_used;
static _Atomic bool g_left_pending;

/* ------------------------------------------------------------------------
 * Stream names.
 * ---------------------------------------------------------------------- */

/* Names by stream key. Few streams get names, so a list does. */
typedef struct stream_name {
  csan_key key;
  const char *name; /* interned: stays valid for reports printed later */
  struct stream_name *next;
} stream_name;

static pthread_mutex_t g_names_mu = PTHREAD_MUTEX_INITIALIZER;
static stream_name *g_names;

void csan_rt_name_stream(csan_key key, const char *name) {
  const char *interned = name && *name ? csan_intern(name) : NULL;
  pthread_mutex_lock(&g_names_mu);
  stream_name **p = &g_names;
  while (*p && (*p)->key != key)
    p = &(*p)->next;
  if (*p && !interned) {
    stream_name *dead = *p;
    *p = dead->next;
    free(dead);
  } else if (*p) {
    (*p)->name = interned;
  } else if (interned) {
    stream_name *n = malloc(sizeof *n);
    if (n) {
      n->key = key;
      n->name = interned;
      n->next = g_names;
      g_names = n;
    }
  }
  pthread_mutex_unlock(&g_names_mu);
}

static const char *user_stream_name(csan_key key) {
  const char *name = NULL;
  pthread_mutex_lock(&g_names_mu);
  for (stream_name *n = g_names; n; n = n->next)
    if (n->key == key) {
      name = n->name;
      break;
    }
  pthread_mutex_unlock(&g_names_mu);
  return name;
}

/* ------------------------------------------------------------------------
 * The environment.
 * ---------------------------------------------------------------------- */

static bool env_resolve_site(void *ctx, const void *module, uint32_t site, csan_site_info *out) {
  (void)ctx;
  return csan_rt_site_resolve(module, site, out);
}

const char *csan_rt_stream_display(csan_key key, char *buf, size_t n) {
  const char *name = user_stream_name(key);
  if (!name && key == CSAN_STREAM_LEGACY)
    name = "legacy";
  if (!name && (key & CSAN_RT_PT_KEY_BIT))
    name = "per-thread";
  if (name)
    return name;
  snprintf(buf, n, "0x%llx", (unsigned long long)key);
  return buf;
}

static const char *env_stream_name(void *ctx, uint64_t stream, uint32_t slot) {
  (void)ctx;
  if (slot == CSAN_HOST_SLOT)
    return NULL;
  const char *user = user_stream_name(stream);
  if (user)
    return user;
  if (stream == CSAN_STREAM_LEGACY)
    return "legacy";
  if (stream & CSAN_RT_PT_KEY_BIT)
    return "per-thread";
  return NULL;
}

static _Atomic(csan_rt_note_fn) g_graph_note;

void csan_rt_report_graph_note(csan_rt_note_fn fn) {
  atomic_store(&g_graph_note, fn);
}

static const char *env_note(void *ctx, const csan_race *e) {
  (void)ctx;
  const char *note =
      csan_g.flags.documented_sync_only ? csan_syncs_note(csan_g.syncs, csan_g.ops, e) : NULL;
  csan_rt_note_fn graph = atomic_load(&g_graph_note);
  return note || !graph ? note : graph(e);
}

void csan_rt_report_env(csan_report_env *env) {
  memset(env, 0, sizeof *env);
  env->ops = csan_g.ops;
  env->allocs = csan_g.allocs;
  env->resolve_site = env_resolve_site;
  env->stream_name = env_stream_name;
  env->note = env_note;
}

/* ------------------------------------------------------------------------
 * Draining.
 * ---------------------------------------------------------------------- */

/* A READY entry whose fields were all visible to the copy. */
static bool race_whole(const csan_race *e) {
  if (e->slot >= CSAN_MAX_SLOTS || (e->epoch == 0 && e->slot != CSAN_HOST_SLOT) || !e->count)
    return false;
  return csan_race_key(e->slot, e->epoch, e->other, e->site, e->other_site, e->access) == e->key;
}

/* Entries in report order: by reporting operation, then the operation it
 * met, then address (the table's own order is its hash's), so one program
 * prints its reports in one order. Entries of one identity (the same race
 * of the same operations) can exist twice: an insertion that probed past an
 * entry the host was emptying claims a new one. They come out side by
 * side; their hulls and counts add up into the first. */
static int cmp_entry(const void *a, const void *b) {
  const csan_race *x = *(const csan_race *const *)a, *y = *(const csan_race *const *)b;
  uint64_t kx[] = {(uint64_t)x->slot << 32 | x->epoch, x->other, x->lo, x->site, x->other_site,
                   x->access};
  uint64_t ky[] = {(uint64_t)y->slot << 32 | y->epoch, y->other, y->lo, y->site, y->other_site,
                   y->access};
  for (size_t i = 0; i < sizeof kx / sizeof kx[0]; i++)
    if (kx[i] != ky[i])
      return kx[i] < ky[i] ? -1 : 1;
  return 0;
}

static bool same_identity(const csan_race *a, const csan_race *b) {
  return a->slot == b->slot && a->epoch == b->epoch && a->other == b->other &&
         a->site == b->site && a->other_site == b->other_site && a->access == b->access;
}

/* Sorts the ready entries and merges duplicates; returns them, merged, as
 * one array in report order (n out), or null when out of memory. */
static csan_race *ordered_entries(csan_race **ready, uint32_t nready, uint32_t *n) {
  qsort(ready, nready, sizeof(*ready), cmp_entry);
  csan_race *out = malloc((nready ? nready : 1) * sizeof(*out));
  *n = 0;
  if (!out)
    return NULL;
  for (uint32_t i = 0; i < nready; i++) {
    csan_race *last = *n ? &out[*n - 1] : NULL;
    if (last && same_identity(last, ready[i])) {
      last->lo = ready[i]->lo < last->lo ? ready[i]->lo : last->lo;
      last->hi = ready[i]->hi > last->hi ? ready[i]->hi : last->hi;
      last->count += ready[i]->count;
      continue;
    }
    out[(*n)++] = *ready[i];
  }
  return out;
}

/* Empties, on the device, the entries whose operation the host has waited
 * for: no insertion can name them again (an entry's key holds its reporting
 * operation), so the room goes to new races. Only the key is written, one
 * 8-byte copy each (the copy engine, no kernel): a zero key is what
 * insertions claim, and a claimer writes every other field itself. */
static void empty_completed(const csan_race_table *copy, const csan_vc *host) {
  static const uint64_t zero = 0;
  CUstream s = (CUstream)csan_g.priv;
  bool any = false;
  for (uint32_t i = 0; i < copy->capacity; i++) {
    const csan_race *e = (const csan_race *)(const void *)((const char *)copy +
                                                           CSAN_RACE_ENTRIES_OFFSET) + i;
    if (e->state != CSAN_RACE_READY || !csan_vc_orders(host, e->slot, e->epoch))
      continue;
    uint64_t at = csan_g.races + CSAN_RACE_ENTRIES_OFFSET + (uint64_t)i * sizeof(csan_race) +
                  offsetof(csan_race, key);
    any |= csan_g.drv.cuMemcpyHtoDAsync((CUdeviceptr)at, &zero, sizeof zero, s) == CUDA_SUCCESS;
  }
  if (any)
    csan_rt_priv_wait();
}

static void drain(void) {
  /* Nothing recorded since the last read (the device sets the word when it
   * records a race; csan_pool.race_notify), and nothing left to report from
   * it: no device round trip. At exit the table is always read. */
  _Atomic uint32_t *notify = csan_g.race_notify;
  if (notify && !atomic_load(&g_left_pending) && !atomic_load(&csan_g.exiting) &&
      atomic_load(notify) == 0)
    return;
  if (notify)
    atomic_store(notify, 0); /* before the read: a race recorded after it sets it again */
  csan_race_table hdr;
  if (!csan_rt_read_device(&hdr, csan_g.races, sizeof hdr))
    return;
  if (hdr.used == atomic_load(&g_last_used) && !atomic_load(&g_left_pending)) {
    if (hdr.dropped) { /* only the dropped count can have changed */
      hdr.capacity = 0;
      csan_report_table(csan_g.reporter, &hdr, NULL, NULL);
    }
    return;
  }
  size_t bytes = CSAN_RACE_ENTRIES_OFFSET + (size_t)csan_g.race_cap * sizeof(csan_race);
  csan_race_table *t = malloc(bytes);
  csan_race **ready = malloc((size_t)csan_g.race_cap * sizeof(*ready));
  if (!t || !ready || !csan_rt_read_device(t, csan_g.races, bytes)) {
    free(t);
    free(ready);
    return;
  }
  /* Entries still being filled, or seen torn, are taken next time. */
  csan_race *e = (csan_race *)(void *)((char *)t + CSAN_RACE_ENTRIES_OFFSET);
  uint32_t nready = 0, torn = 0, filling = 0;
  for (uint32_t i = 0; i < t->capacity; i++) {
    /* A zero key is an empty entry, whatever else it holds (emptied entries
     * keep their old fields). */
    if (e[i].key == 0) {
      e[i].state = CSAN_RACE_EMPTY;
      continue;
    }
    if (e[i].state != CSAN_RACE_READY) {
      filling++;
      continue;
    }
    if (race_whole(&e[i])) {
      ready[nready++] = &e[i];
    } else {
      e[i].state = CSAN_RACE_FILLING;
      torn++;
    }
  }
  static _Atomic bool said_torn;
  if (torn && atomic_load(&csan_g.exiting) && !atomic_exchange(&said_torn, true))
    csan_log_printf("csan: WARNING: %u race table entr%s could not be read whole at exit; %s "
                    "not reported\n",
                    torn, torn == 1 ? "y" : "ies", torn == 1 ? "its race is" : "their races are");
  /* Issue 17: an access that met a poison record (bytes after an
   * allocation's end) in the slow path, where the memory-error check does
   * not run (a range in device code, an escalated granule), is a memory
   * error, not a race: reported as one once its operation completed. */
  bool memerrs = false, memerr_halt = false;
  {
    csan_vc done;
    csan_model_done_clock(csan_g.model, &done);
    uint32_t kept = 0;
    for (uint32_t i = 0; i < nready; i++) {
      if (!csan_rt_memerr_is_poison(ready[i])) {
        ready[kept++] = ready[i];
      } else if (csan_vc_orders(&done, ready[i]->slot, ready[i]->epoch)) {
        memerr_halt |= csan_rt_memerr_report_race(ready[i]);
        memerrs = true;
      } else {
        filling++; /* its operation may still add to it */
      }
    }
    nready = kept;
  }
  uint32_t n = 0;
  csan_race *sorted = ordered_entries(ready, nready, &n);
  free(ready);
  /* Only work that has completed (the program or csan waited for it) is
   * reported, so an entry is never printed while its operation may still
   * add to it. */
  csan_vc host;
  csan_model_done_clock(csan_g.model, &host);
  size_t pending = 0;
  csan_race_table counts = *t;
  counts.capacity = 0; /* the dropped count, no entries */
  csan_report_table(csan_g.reporter, &counts, NULL, NULL);
  bool reported = sorted != NULL;
  if (reported)
    csan_report_entries(csan_g.reporter, sorted, n, &host, &pending);
  free(sorted);
  if (reported || memerrs)
    empty_completed(t, &host);
  atomic_store(&g_left_pending, pending || torn || filling);
  atomic_store(&g_last_used, t->used);
  free(t);
  if (csan_report_should_halt(csan_g.reporter) || memerr_halt)
    csan_rt_halt();
}

static void (*_Atomic g_drain_hook)(void);

void csan_rt_report_on_drain(void (*fn)(void)) { atomic_store(&g_drain_hook, fn); }

void csan_rt_drain(void) {
  void (*hook)(void) = atomic_load(&g_drain_hook);
  if (hook)
    hook(); /* kernels' accesses to host memory (csan_rt_hostlog.c) */
  if (csan_rt_memerr_drain()) /* kernels' memory errors: host-mapped, no device read */
    csan_rt_halt();
  if (atomic_load(&csan_g.dev) != CSAN_DEV_READY || !csan_g.races)
    return;
  /* Site descriptors are read through their module: csan's context. */
  csan_rt_own own;
  csan_rt_own_begin(&own);
  drain();
  csan_rt_own_end(&own);
}

void csan_rt_races_clear(void) {
  CUstream s = (CUstream)csan_g.priv;
  size_t bytes = (size_t)csan_g.race_cap * sizeof(csan_race);
  csan_race_table hdr;
  memset(&hdr, 0, sizeof hdr);
  hdr.capacity = csan_g.race_cap;
  csan_rt_own own;
  csan_rt_own_begin(&own);
  bool ok = csan_g.drv.cuMemsetD8Async((CUdeviceptr)(csan_g.races + CSAN_RACE_ENTRIES_OFFSET), 0,
                                       bytes, s) == CUDA_SUCCESS &&
            csan_g.drv.cuMemcpyHtoDAsync((CUdeviceptr)csan_g.races, &hdr, sizeof hdr, s) ==
                CUDA_SUCCESS &&
            csan_rt_priv_wait() == CUDA_SUCCESS;
  csan_rt_own_end(&own);
  if (!ok)
    return;
  csan_report_table_cleared(csan_g.reporter);
  atomic_store(&g_last_used, 0);
  atomic_store(&g_left_pending, false);
}

/* The escalation pool's header, read from the device. */
static bool read_pool(csan_pool *p) {
  return atomic_load(&csan_g.dev) == CSAN_DEV_READY && csan_g.pool &&
         csan_rt_read_device(p, csan_g.pool, sizeof *p);
}

/* Escalations that found no block, this pool's (p, or null) and earlier ones. */
static uint64_t pool_exhausted(const csan_pool *p) {
  return csan_g.pool_exhausted_before + (p ? p->exhausted : 0);
}

uint64_t csan_rt_pool_exhausted(void) {
  csan_pool p;
  return pool_exhausted(read_pool(&p) ? &p : NULL);
}

void csan_rt_report_forget(void) {
  csan_rt_sites_forget();
  atomic_store(&g_last_used, 0);
  atomic_store(&g_left_pending, false);
}

/* ------------------------------------------------------------------------
 * Streams whose checking was cut.
 * ---------------------------------------------------------------------- */

static _Atomic uint64_t g_cut_streams;

void csan_rt_report_cut(const char *why, const csan_key *keys, size_t n) {
  for (size_t i = 0; i < n; i++) {
    uint64_t k = atomic_fetch_add(&g_cut_streams, 1);
    if (k >= CSAN_CUT_STREAMS_NAMED)
      continue;
    char name[64];
    csan_log_checking_cut(why, csan_rt_stream_display(keys[i], name, sizeof name),
                          k + 1 == CSAN_CUT_STREAMS_NAMED);
  }
}

/* ------------------------------------------------------------------------
 * The end of a run.
 * ---------------------------------------------------------------------- */

static void print_usage(const csan_pool *p) {
  if (csan_g.flags.verbosity < 1)
    return;
  uint64_t shadow = 0, tracked = 0;
  csan_rt_shadow_usage(&shadow, &tracked);
  csan_log_printf("csan: shadow: %llu bytes for %llu tracked bytes\n",
                  (unsigned long long)shadow, (unsigned long long)tracked);
  /* Escalations cost a compare-and-swap on a free list each way
   * (csan_shadow.h, pool): their number says whether a slow run is the
   * pool's. Each shard's counter counts its pops and pushes (mod 2^32). */
  if (p) {
    uint32_t ops = 0;
    for (uint32_t i = 0; i < CSAN_POOL_SHARDS; i++)
      ops += (uint32_t)(p->free_head[i] >> 32);
    csan_log_printf("csan: escalation pool: %u of %u blocks handed out, %u free-list "
                    "operations, %u escalations found no block\n",
                    p->next_free > 1 ? p->next_free - 1 : 0,
                    p->capacity > 0 ? p->capacity - 1 : 0, ops, p->exhausted);
    uint64_t seg_bytes = 0;
    unsigned segs = csan_rt_pool_segments(&seg_bytes);
    if (segs)
      csan_log_printf("csan: escalation pool: grew %u time(s), by %llu MiB in all\n", segs,
                      (unsigned long long)(seg_bytes >> 20));
  }
}

int csan_rt_finish(void) {
  csan_report_notes notes;
  memset(&notes, 0, sizeof notes);
  csan_pool pool; /* read once for both */
  bool have_pool = read_pool(&pool);
  notes.pool_exhausted = pool_exhausted(have_pool ? &pool : NULL);
  notes.cut_streams = atomic_load(&g_cut_streams);
  print_usage(have_pool ? &pool : NULL);
  uint64_t unchecked = csan_rt_unchecked_launches();
  if (unchecked)
    csan_log_printf("csan: %llu kernel launch(es) ran unchecked: their instrumented twins failed "
                    "to launch (see the warning for each kernel)\n",
                    (unsigned long long)unchecked);
  csan_unchecked_print(); /* library calls and kernels csan let through */
  /* Reports that are not races (faults, memory errors, ignored launch
   * errors: csan_rt_errors.c) set the exit status as races do. */
  uint64_t capture_errors = csan_graph_capture_errors(); /* csan_api_graph.c */
  if (capture_errors)
    csan_log_printf("csan: reported %llu stream capture error(s)\n",
                    (unsigned long long)capture_errors);
  int program_status =
      csan_rt_errors_reported() || capture_errors ? csan_g.flags.exitcode : -1;
  return csan_report_finish(csan_g.reporter, program_status, &notes);
}

_Noreturn void csan_rt_halt(void) {
  atomic_store(&csan_g.exiting, true);
  int status = csan_rt_finish();
  fflush(NULL);
  _exit(status < 0 ? csan_g.flags.exitcode : status);
}
