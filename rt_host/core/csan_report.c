/* csan_report.c: from race-table entries to printed reports.
 *
 * The steps (skip seen entries, look up, deduplicate, suppress, split by
 * allocation, limit, print) are described in csan_report.h. The reporter's
 * state is two sets and a few counters under one mutex; formatting is in
 * csan_report_text.c and csan_report_json.c, the words both use in
 * csan_report_names.c. Calls go one way: reporter -> printers -> names.
 */
#include "csan_report.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "csan_hash.h"
#include "csan_report_item.h"
#include "csan_stack.h"

/* Most allocations one entry's byte range is split into. */
#define MAX_SPLIT 64

/* ------------------------------------------------------------------------
 * Small hash sets.
 * ---------------------------------------------------------------------- */

/* A set of byte strings, each kept as a copy, by open addressing. It holds
 * the race-table entries already handled (their entry_key) and the site
 * pairs already reported (their key text). Out of memory, an insertion
 * answers "new": a report too many beats a race lost. */
typedef struct blob {
  size_t len;
  unsigned char bytes[];
} blob;

typedef struct blob_set {
  blob **v; /* NULL: a free slot */
  size_t cap, n;
} blob_set;

/* The slot of k in v[cap]: the one that holds it, else the free one where it
 * would go. */
static size_t blob_slot(blob *const *v, size_t cap, const void *k, size_t len) {
  size_t j = csan_hash_bytes(k, len) & (cap - 1);
  while (v[j] && !(v[j]->len == len && !memcmp(v[j]->bytes, k, len)))
    j = (j + 1) & (cap - 1);
  return j;
}

static bool blob_set_contains(const blob_set *s, const void *k, size_t len) {
  return s->cap && s->v[blob_slot(s->v, s->cap, k, len)];
}

/* Adds a copy of k; false if it was there already. */
static bool blob_set_insert(blob_set *s, const void *k, size_t len) {
  if ((s->n + 1) * 2 > s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 256;
    blob **v = calloc(cap, sizeof(*v));
    if (!v)
      return true;
    for (size_t i = 0; i < s->cap; i++)
      if (s->v[i])
        v[blob_slot(v, cap, s->v[i]->bytes, s->v[i]->len)] = s->v[i];
    free(s->v);
    s->v = v;
    s->cap = cap;
  }
  size_t j = blob_slot(s->v, s->cap, k, len);
  if (s->v[j])
    return false;
  blob *b = malloc(sizeof(*b) + len);
  if (!b)
    return true;
  b->len = len;
  memcpy(b->bytes, k, len);
  s->v[j] = b;
  s->n++;
  return true;
}

static void blob_set_clear(blob_set *s) {
  for (size_t i = 0; i < s->cap; i++)
    free(s->v[i]);
  free(s->v);
  memset(s, 0, sizeof(*s));
}

/* A race-table entry, by everything that identifies one. */
typedef struct entry_key {
  uint32_t slot, epoch, site, other_site, access, pad;
  uint64_t other;
} entry_key;

/* ------------------------------------------------------------------------
 * The reporter.
 * ---------------------------------------------------------------------- */

struct csan_reporter {
  pthread_mutex_t mu;
  csan_report_env env;
  csan_suppressions *supp;
  csan_report_format format;
  int max_reports, exitcode, verbosity, race_table_size, pool_mb;
  bool halt_on_error;
  blob_set seen;  /* entry_key of each entry handled */
  blob_set pairs; /* the key text of each site pair reported */
  csan_report_stats stats;
  uint64_t table_dropped;
  uint64_t dropped_before; /* dropped by tables emptied since (csan_report_table_cleared) */
  bool halted, finished;
  int final_status;
};

csan_reporter *csan_reporter_create(const csan_flags *flags, const csan_report_env *env,
                                    csan_suppressions *supp) {
  csan_reporter *r = calloc(1, sizeof(*r));
  if (!r)
    return NULL;
  pthread_mutex_init(&r->mu, NULL);
  if (env)
    r->env = *env;
  r->supp = supp;
  csan_flags defaults;
  if (!flags) {
    csan_flags_defaults(&defaults);
    flags = &defaults;
  }
  r->format = flags->report_format;
  r->max_reports = flags->max_reports;
  r->exitcode = flags->exitcode;
  r->verbosity = flags->verbosity;
  r->race_table_size = flags->race_table_size;
  r->pool_mb = flags->pool_mb;
  r->halt_on_error = flags->halt_on_error;
  return r;
}

void csan_reporter_destroy(csan_reporter *r) {
  if (!r)
    return;
  blob_set_clear(&r->seen);
  blob_set_clear(&r->pairs);
  pthread_mutex_destroy(&r->mu);
  free(r);
}

static bool find_op(csan_reporter *r, uint32_t slot, csan_epoch_t epoch, csan_op_info *out) {
  if (r->env.find_op)
    return r->env.find_op(r->env.ctx, slot, epoch, out);
  if (r->env.ops)
    return csan_ops_find(r->env.ops, slot, epoch, out);
  return false;
}

static size_t cover(csan_reporter *r, uint64_t lo, uint64_t hi, bool freed_first,
                    csan_alloc_info *out, size_t max) {
  if (r->env.cover_allocs)
    return r->env.cover_allocs(r->env.ctx, lo, hi, freed_first, out, max);
  if (r->env.allocs)
    return csan_allocs_cover(r->env.allocs, lo, hi, freed_first, out, max);
  return 0;
}

/* Fills one side from the registries and the environment. */
static void build_side(csan_reporter *r, csan_report_side *s, bool previous, uint32_t access,
                       uint32_t slot, csan_epoch_t epoch, uint32_t site,
                       uint64_t access_size) {
  memset(s, 0, sizeof(*s));
  s->previous = previous;
  s->slot = slot;
  s->epoch = epoch;
  s->have_op = find_op(r, slot, epoch, &s->op);
  if (s->have_op && site != 0 && r->env.resolve_site)
    s->have_site = r->env.resolve_site(r->env.ctx, s->op.module, site, &s->site);
  /* Shadow records do not say "allocation"; the site or the operation do. */
  if ((access & CSAN_ACC_WRITE) && !(access & CSAN_ACC_FREE) &&
      ((s->have_site && (s->site.access & CSAN_ACC_ALLOC)) ||
       (s->have_op && s->op.kind == CSAN_OPK_ALLOC)))
    access = CSAN_ACC_ALLOC | CSAN_ACC_WRITE;
  s->access = access;
  if (s->have_op && s->op.bytes)
    s->size = s->op.bytes; /* a range operation: its length */
  else if (!previous)
    s->size = access_size;
  else if (s->have_site)
    s->size = s->site.size;
  if (s->have_site && s->site.function)
    s->function = csan_demangle(s->site.function);
  if (!s->have_op)
    return;
  if (s->op.kind == CSAN_OPK_KERNEL && s->op.what) {
    s->kernel = csan_demangle(s->op.what);
    char buf[4096];
    snprintf(buf, sizeof(buf), "kernel %s", s->kernel);
    s->what = csan_intern(buf);
  } else {
    s->what = s->op.what ? s->op.what : "an operation";
  }
  s->have_thread = !previous && s->op.kind == CSAN_OPK_KERNEL && s->have_site;
  const char *name = NULL;
  if (r->env.stream_name)
    name = r->env.stream_name(r->env.ctx, s->op.stream, slot);
  if (!name)
    name = s->op.stream_name;
  if (!name && slot != CSAN_HOST_SLOT) {
    snprintf(s->stream_buf, sizeof(s->stream_buf), "0x%llx", (unsigned long long)s->op.stream);
    name = s->stream_buf;
  }
  s->stream = name;
}

/* The identity of one side for deduplication: its device site, or, when
 * that is unknown, the operation and where the host issued it. */
static void side_key(const csan_report_side *s, uint32_t site, char *buf, size_t n) {
  if (s->have_site)
    snprintf(buf, n, "a%u m%p s%u", s->access, s->op.module, site);
  else if (s->have_op)
    snprintf(buf, n, "a%u s%u w%s f%s l%u c%u k%u", s->access, site,
             s->op.what ? s->op.what : "", s->op.site.file ? s->op.site.file : "",
             s->op.site.line, s->op.site.column,
             (s->op.site.file || s->op.site.function) ? 0u : s->op.stack);
  else
    snprintf(buf, n, "a%u o%u:%u", s->access, s->slot, s->epoch);
}

static void supp_subject(const csan_report_side *s, csan_supp_access *a) {
  memset(a, 0, sizeof(*a));
  if (s->kernel) {
    a->kernel = s->kernel;
    a->kernel_mangled = s->op.what;
  }
  if (s->have_site) {
    a->function = s->function;
    a->function_mangled = s->site.function;
    a->file = s->site.file;
  } else if (s->have_op) {
    a->function = csan_demangle(s->op.site.function);
    a->function_mangled = s->op.site.function;
    a->file = s->op.site.file;
  }
}

static void emit(csan_reporter *r, const csan_report_item *it) {
  if (r->max_reports > 0 && r->stats.reported >= (uint64_t)r->max_reports) {
    r->stats.not_printed++;
    return;
  }
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (!m)
    return;
  if (r->format == CSAN_REPORT_JSON)
    csan_report_print_json(m, it);
  else
    csan_report_print_text(m, it);
  fclose(m);
  csan_log_write(buf, len);
  free(buf);
  r->stats.reported++;
  if (r->halt_on_error)
    r->halted = true;
}

/* Handles one READY entry; returns the reports it printed. An entry whose
 * operation `completed` does not order is left, and counted in *pending. */
static size_t handle_entry(csan_reporter *r, const csan_race *e, const csan_vc *completed,
                           size_t *pending) {
  entry_key k = {e->slot, e->epoch, e->site, e->other_site, e->access, 0, e->other};
  if (blob_set_contains(&r->seen, &k, sizeof(k)))
    return 0;
  if (completed && !csan_vc_orders(completed, e->slot, e->epoch)) {
    ++*pending;
    return 0;
  }
  blob_set_insert(&r->seen, &k, sizeof(k));

  csan_report_item it;
  memset(&it, 0, sizeof(it));
  build_side(r, &it.cur, false, e->access, e->slot, e->epoch, e->site, e->size);
  build_side(r, &it.prev, true, csan_tag_access(e->other), CSAN_TAG_GET_SLOT(e->other),
             CSAN_TAG_GET_EPOCH(e->other), e->other_site, 0);
  if (it.cur.have_thread) {
    memcpy(it.cur.block, e->block, sizeof(it.cur.block));
    memcpy(it.cur.thread, e->thread, sizeof(it.cur.thread));
  }
  it.kind = csan_race_kind(it.cur.access, it.prev.access);
  it.count = e->count;
  if (r->env.note)
    it.note = r->env.note(r->env.ctx, e);

  char key[3 * 4200], a[4200], b[4200];
  side_key(&it.cur, e->site, a, sizeof(a));
  side_key(&it.prev, e->other_site, b, sizeof(b));
  snprintf(key, sizeof(key), "%s|%s|%s", it.kind, a, b);
  if (!blob_set_insert(&r->pairs, key, strlen(key))) {
    r->stats.duplicates++;
    return 0;
  }

  csan_supp_access sa, sb;
  supp_subject(&it.cur, &sa);
  supp_subject(&it.prev, &sb);
  if (csan_suppressions_match(r->supp, &sa, &sb)) {
    r->stats.suppressed++;
    return 0;
  }

  uint64_t lo = e->lo, hi = e->hi > e->lo ? e->hi : e->lo + 1;
  csan_alloc_info picks[MAX_SPLIT];
  size_t npicks = cover(r, lo, hi, (it.cur.access | it.prev.access) & CSAN_ACC_FREE, picks,
                        MAX_SPLIT);
  uint64_t before = r->stats.reported;
  uint64_t pos = lo;
  for (size_t i = 0; i <= npicks && !r->halted; i++) {
    uint64_t start = hi, end = hi;
    if (i < npicks) {
      start = picks[i].base > lo ? picks[i].base : lo;
      end = picks[i].base + picks[i].size < hi ? picks[i].base + picks[i].size : hi;
    }
    /* Bytes in no known allocation. The entry's range is a hull: when it
     * covers known allocations, the bytes between them are an artifact of
     * merging (the device does not key races by address), not conflicting
     * bytes, so only a hull that meets no allocation at all is reported as
     * unknown memory. */
    if (pos < start && npicks == 0) {
      it.have_alloc = false;
      it.addr = pos;
      it.len = start - pos;
      emit(r, &it);
      if (r->halted)
        break;
    }
    if (i < npicks && start < end) {
      it.have_alloc = true;
      it.alloc = picks[i];
      it.addr = start;
      it.len = end - start;
      emit(r, &it);
    }
    pos = end > pos ? end : pos;
  }
  return (size_t)(r->stats.reported - before);
}

size_t csan_report_entries(csan_reporter *r, const csan_race *entries, size_t n,
                           const csan_vc *completed, size_t *pending) {
  size_t printed = 0, left = 0;
  pthread_mutex_lock(&r->mu);
  for (size_t i = 0; i < n && !r->halted && !r->finished; i++)
    if (entries[i].state == CSAN_RACE_READY)
      printed += handle_entry(r, &entries[i], completed, &left);
  pthread_mutex_unlock(&r->mu);
  if (pending)
    *pending = left;
  return printed;
}

size_t csan_report_races(csan_reporter *r, const csan_race *entries, size_t n) {
  return csan_report_entries(r, entries, n, NULL, NULL);
}

size_t csan_report_table(csan_reporter *r, const csan_race_table *table,
                         const csan_vc *completed, size_t *pending) {
  pthread_mutex_lock(&r->mu);
  /* The device counter only grows. */
  if (table->dropped > r->table_dropped)
    r->table_dropped = table->dropped;
  pthread_mutex_unlock(&r->mu);
  const csan_race *entries =
      (const csan_race *)(const void *)((const char *)table + CSAN_RACE_ENTRIES_OFFSET);
  return csan_report_entries(r, entries, table->capacity, completed, pending);
}

void csan_report_table_cleared(csan_reporter *r) {
  pthread_mutex_lock(&r->mu);
  blob_set_clear(&r->seen);
  r->dropped_before += r->table_dropped;
  r->table_dropped = 0;
  pthread_mutex_unlock(&r->mu);
}

bool csan_report_should_halt(csan_reporter *r) {
  pthread_mutex_lock(&r->mu);
  bool h = r->halted;
  pthread_mutex_unlock(&r->mu);
  return h;
}

void csan_report_get_stats(csan_reporter *r, csan_report_stats *out) {
  pthread_mutex_lock(&r->mu);
  *out = r->stats;
  out->not_recorded = r->dropped_before + r->table_dropped;
  pthread_mutex_unlock(&r->mu);
}

int csan_report_finish(csan_reporter *r, int program_status, const csan_report_notes *notes) {
  pthread_mutex_lock(&r->mu);
  if (r->finished) {
    int s = r->final_status;
    pthread_mutex_unlock(&r->mu);
    return s;
  }
  r->finished = true;
  uint64_t not_recorded =
      r->dropped_before + r->table_dropped + (notes ? notes->not_recorded : 0);
  uint64_t pool = notes ? notes->pool_exhausted : 0;
  const csan_report_stats *st = &r->stats;
  bool found = st->reported + st->not_printed + not_recorded > 0;
  int status = found ? r->exitcode : program_status;

  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (m) {
    if (r->format == CSAN_REPORT_JSON) {
      fprintf(m,
              "{\"type\":\"summary\",\"reported\":%llu,\"not_printed\":%llu,"
              "\"duplicates\":%llu,\"suppressed\":%llu,\"not_recorded\":%llu,"
              "\"pool_exhausted\":%llu,\"exit_status\":%d}\n",
              (unsigned long long)st->reported, (unsigned long long)st->not_printed,
              (unsigned long long)st->duplicates, (unsigned long long)st->suppressed,
              (unsigned long long)not_recorded, (unsigned long long)pool, status);
    } else {
      if (r->verbosity >= 1 && st->suppressed) {
        fprintf(m, "csan: suppressed %llu data race(s)\n", (unsigned long long)st->suppressed);
        csan_suppressions_print_stats(m, r->supp);
      }
      if (st->not_printed)
        fprintf(m, "csan: %llu more data race(s) not reported (max_reports=%d)\n",
                (unsigned long long)st->not_printed, r->max_reports);
      if (not_recorded)
        fprintf(m,
                "csan: WARNING: %llu race(s) were not recorded: the race table was full; "
                "raise CSAN_OPTIONS=race_table_size (now %d)\n",
                (unsigned long long)not_recorded, r->race_table_size);
      if (pool)
        fprintf(m,
                "csan: WARNING: %llu access(es) were not checked: the shadow pool was full; "
                "raise CSAN_OPTIONS=pool_mb (now %d)\n",
                (unsigned long long)pool, r->pool_mb);
      if (notes && notes->cut_streams)
        fprintf(m,
                "csan: WARNING: the checking of %llu stream(s) was cut (see the warnings "
                "above)\n",
                (unsigned long long)notes->cut_streams);
      if (st->reported)
        fprintf(m, "csan: reported %llu data race(s)\n", (unsigned long long)st->reported);
    }
    fclose(m);
    csan_log_write(buf, len);
    free(buf);
  }
  r->final_status = status;
  pthread_mutex_unlock(&r->mu);
  return status;
}
