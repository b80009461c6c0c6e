/* csan_memerr.c: classification and reports of memory errors
 * (csan_memerr.h). */
#include "csan_memerr.h"

#include "csan_report.h"
#include "csan_report_item.h"
#include "csan_stack.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Classification.
 * ---------------------------------------------------------------------- */

static uint64_t end_of(const csan_alloc_info *i) { return i->base + i->size; }

/* An allocation or free event is ordered before the access: it was no
 * stream operation (a synchronous call: the host did it before it issued
 * the access), or the access's clock covers it. */
static bool ordered(const csan_alloc_event *ev, const csan_vc *vc) {
  if (!vc || !ev->op_id || ev->slot >= CSAN_MAX_SLOTS)
    return true;
  return csan_vc_orders(vc, ev->slot, ev->epoch);
}

static csan_memerr_kind set(csan_memerr *e, csan_memerr_kind k, uint64_t bad,
                            const csan_alloc_info *alloc) {
  e->kind = k;
  e->bad = bad;
  e->have_alloc = alloc != NULL;
  if (alloc)
    e->alloc = *alloc;
  return k;
}

csan_memerr_kind csan_memerr_classify(csan_allocs *a, const csan_memerr_access *acc,
                                      csan_memerr *e) {
  memset(e, 0, sizeof *e);
  e->addr = acc->addr;
  e->size = acc->size ? acc->size : 1;
  e->write = acc->write;
  uint64_t last = e->addr + e->size - 1;
  if (last < e->addr)
    last = UINT64_MAX;
  csan_alloc_info in;
  if (csan_allocs_find(a, e->addr, &in)) {
    if (last >= end_of(&in))
      return set(e, CSAN_MEMERR_OUT_OF_BOUNDS, end_of(&in), &in);
    if ((in.flags & CSAN_ALLOC_STREAM_ORDERED) && !ordered(&in.made, acc->vc))
      return set(e, CSAN_MEMERR_UNORDERED_ALLOC, e->addr, &in);
    return set(e, CSAN_MEMERR_NONE, 0, &in);
  }
  csan_alloc_info freed;
  if (csan_allocs_find_freed(a, e->addr, &freed)) {
    if (!ordered(&freed.freed, acc->vc))
      return set(e, CSAN_MEMERR_NONE, 0, &freed);
    return set(e, CSAN_MEMERR_USE_AFTER_FREE, e->addr, &freed);
  }
  csan_alloc_info below, above;
  bool have_below, have_above;
  csan_allocs_neighbours(a, e->addr, &below, &have_below, &above, &have_above);
  /* Distances from the access to each neighbour (below ends at or before
   * addr: it does not contain it). The nearest is named. */
  uint64_t d_below = have_below ? e->addr - end_of(&below) : UINT64_MAX;
  uint64_t d_above = have_above ? (above.base > last ? above.base - last - 1 : 0) : UINT64_MAX;
  const csan_alloc_info *near = NULL;
  uint64_t d = UINT64_MAX;
  if (have_below && d_below <= d_above) {
    near = &below;
    d = d_below;
  } else if (have_above) {
    near = &above;
    d = d_above;
  }
  /* Memory that is not the device's names a neighbour only within
   * CSAN_MEMERR_FAR_BYTES: a host pointer's nearest allocation is terabytes
   * away, and naming it says nothing. */
  const csan_alloc_info *named = d <= CSAN_MEMERR_FAR_BYTES ? near : NULL;
  if (acc->host_memory)
    return set(e, CSAN_MEMERR_NOT_DEVICE, e->addr, named);
  uint64_t limit = CSAN_MEMERR_NEAR_BYTES;
  if (near && near->size > limit)
    limit = near->size;
  if (near && d <= limit)
    return set(e, CSAN_MEMERR_OUT_OF_BOUNDS, e->addr, near);
  return set(e, CSAN_MEMERR_NOT_DEVICE, e->addr, named);
}

csan_memerr_kind csan_memerr_classify_free(csan_allocs *a, uint64_t addr, csan_memerr *e) {
  memset(e, 0, sizeof *e);
  e->addr = addr;
  e->is_free = true;
  csan_alloc_info in;
  if (csan_allocs_find(a, addr, &in))
    return set(e, CSAN_MEMERR_INVALID_FREE, addr, &in); /* inside, not at its start */
  if (csan_allocs_find_freed(a, addr, &in))
    return set(e, in.base == addr ? CSAN_MEMERR_DOUBLE_FREE : CSAN_MEMERR_INVALID_FREE, addr,
               &in);
  csan_alloc_info below, above;
  bool have_below, have_above;
  csan_allocs_neighbours(a, addr, &below, &have_below, &above, &have_above);
  uint64_t d_below = have_below ? addr - end_of(&below) : UINT64_MAX;
  uint64_t d_above = have_above ? above.base - addr : UINT64_MAX;
  const csan_alloc_info *near = d_below <= d_above ? (have_below ? &below : NULL)
                                                   : (have_above ? &above : NULL);
  uint64_t d = d_below <= d_above ? d_below : d_above;
  if (near && d > CSAN_MEMERR_NEAR_BYTES)
    near = NULL;
  return set(e, CSAN_MEMERR_INVALID_FREE, addr, near);
}

const char *csan_memerr_kind_name(csan_memerr_kind k) {
  switch (k) {
  case CSAN_MEMERR_OUT_OF_BOUNDS: return "out-of-bounds";
  case CSAN_MEMERR_USE_AFTER_FREE: return "use-after-free";
  case CSAN_MEMERR_NOT_DEVICE: return "not-device-memory";
  case CSAN_MEMERR_UNORDERED_ALLOC: return "unordered-allocation";
  case CSAN_MEMERR_DOUBLE_FREE: return "double-free";
  case CSAN_MEMERR_INVALID_FREE: return "invalid-free";
  case CSAN_MEMERR_NONE: default: return "none";
  }
}

/* ------------------------------------------------------------------------
 * Deduplication: one report per (kind, site), like races.
 * ---------------------------------------------------------------------- */

#define SEEN_CAP 4096u
static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static uint64_t g_seen[SEEN_CAP]; /* open addressing; 0 = empty */
static size_t g_nseen;
static _Atomic uint64_t g_count;

static uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

static uint64_t str_hash(const char *s) {
  uint64_t h = 1469598103934665603ull;
  for (; s && *s; s++)
    h = (h ^ (unsigned char)*s) * 1099511628211ull;
  return h;
}

static uint64_t site_key(const csan_memerr *e, const csan_memerr_who *w) {
  uint64_t h = mix(0x6d656d657272ull, (uint64_t)e->kind);
  h = mix(h, str_hash(w->what));
  if (w->device_file) {
    h = mix(h, str_hash(w->device_file));
    h = mix(h, w->device_line);
  } else {
    h = mix(h, str_hash(w->site.file));
    h = mix(h, ((uint64_t)w->site.line << 32) | w->site.column);
  }
  return h ? h : 1;
}

/* True when key is new (and now seen). A full table reports everything. */
static bool first_time(uint64_t key) {
  pthread_mutex_lock(&g_mu);
  bool fresh = true;
  if (g_nseen < SEEN_CAP / 2) {
    for (size_t i = key % SEEN_CAP;; i = (i + 1) % SEEN_CAP) {
      if (g_seen[i] == key) {
        fresh = false;
        break;
      }
      if (!g_seen[i]) {
        g_seen[i] = key;
        g_nseen++;
        break;
      }
    }
  }
  pthread_mutex_unlock(&g_mu);
  return fresh;
}

uint64_t csan_memerr_count(void) { return atomic_load(&g_count); }

void csan_memerr_reset(void) {
  pthread_mutex_lock(&g_mu);
  memset(g_seen, 0, sizeof g_seen);
  g_nseen = 0;
  pthread_mutex_unlock(&g_mu);
  atomic_store(&g_count, 0);
}

/* ------------------------------------------------------------------------
 * Reports.
 * ---------------------------------------------------------------------- */

static const char *kind_text(csan_memerr_kind k) {
  switch (k) {
  case CSAN_MEMERR_OUT_OF_BOUNDS: return "out of bounds";
  case CSAN_MEMERR_USE_AFTER_FREE: return "use after free";
  case CSAN_MEMERR_NOT_DEVICE: return "not device memory";
  case CSAN_MEMERR_UNORDERED_ALLOC: return "use before the allocation is ordered";
  case CSAN_MEMERR_DOUBLE_FREE: return "double free";
  case CSAN_MEMERR_INVALID_FREE: return "invalid free";
  case CSAN_MEMERR_NONE: default: return "no error";
  }
}

/* The device site as FILE:LINE, or FILE:? where the debug info had no line
 * for the access (as race reports print it). */
static void device_line_text(FILE *m, const csan_memerr_who *w) {
  if (w->device_line)
    fprintf(m, "%s:%u", w->device_file, w->device_line);
  else
    fprintf(m, "%s:?", w->device_file);
}

/* Where the bad byte is relative to the allocation, in words. */
static void where_text(FILE *m, const csan_memerr *e) {
  const csan_alloc_info *al = &e->alloc;
  if (e->is_free && e->bad == al->base)
    fputs("the start of", m);
  else if (e->bad >= end_of(al))
    fprintf(m, "%llu bytes after the end of", (unsigned long long)(e->bad - end_of(al)));
  else if (e->bad < al->base)
    fprintf(m, "%llu bytes before the start of", (unsigned long long)(al->base - e->bad));
  else
    fprintf(m, "%llu bytes inside", (unsigned long long)(e->bad - al->base));
}

static void text(FILE *m, const csan_memerr *e, const csan_memerr_who *w) {
  const char *what = w->what ? (w->kernel ? csan_demangle(w->what) : w->what) : "(unknown)";
  fputs("==================\n", m);
  if (e->is_free)
    fprintf(m, "csan: ERROR: %s: %s of 0x%llx", kind_text(e->kind), what,
            (unsigned long long)e->addr);
  else
    fprintf(m, "csan: ERROR: %s: %s of %llu bytes at 0x%llx by %s%s", kind_text(e->kind),
            e->write ? "write" : "read", (unsigned long long)e->size,
            (unsigned long long)e->addr, w->kernel ? "kernel " : "", what);
  if (w->device_file) {
    fprintf(m, " at ");
    device_line_text(m, w);
  }
  fputc('\n', m);
  if (w->have_thread)
    fprintf(m, "  block (%u,%u,%u), thread (%u,%u,%u)\n", w->block[0], w->block[1], w->block[2],
            w->thread[0], w->thread[1], w->thread[2]);
  fprintf(m, "  %s at ", w->kernel ? "launched" : "called");
  csan_host_site_print_user(m, &w->site, w->stack);
  fputc('\n', m);
  csan_stack_print_at(m, w->stack, &w->site, "    ");
  if (e->have_alloc) {
    const csan_alloc_info *al = &e->alloc;
    fprintf(m, "  0x%llx is ", (unsigned long long)e->bad);
    where_text(m, e);
    fprintf(m, " a %llu-byte %sallocation [0x%llx, 0x%llx) made by %s at ",
            (unsigned long long)al->size, (al->flags & CSAN_ALLOC_FREED) ? "freed " : "",
            (unsigned long long)al->base, (unsigned long long)end_of(al),
            al->made.api ? al->made.api : "?");
    csan_host_site_print_user(m, &al->made.site, al->made.stack);
    fputc('\n', m);
    csan_stack_print_at(m, al->made.stack, &al->made.site, "    ");
    if (al->flags & CSAN_ALLOC_FREED) {
      fprintf(m, "  freed by %s at ", al->freed.api ? al->freed.api : "?");
      csan_host_site_print_user(m, &al->freed.site, al->freed.stack);
      fputc('\n', m);
      csan_stack_print_at(m, al->freed.stack, &al->freed.site, "    ");
    }
  } else {
    fputs("  no allocation csan knows of is near it\n", m);
  }
  fprintf(m, "SUMMARY: csan: %s ", csan_memerr_kind_name(e->kind));
  if (w->device_file) {
    device_line_text(m, w);
    fprintf(m, " in %s\n", what);
  } else if (w->site.file) {
    csan_host_site_print_user(m, &w->site, w->stack);
    fprintf(m, " in %s\n", what);
  } else
    fprintf(m, "in %s\n", what);
  fputs("==================\n", m);
}

static void json_event(FILE *m, const char *prefix, const csan_alloc_event *ev) {
  fprintf(m, ",\"%sapi\":", prefix);
  csan_report_json_string(m, ev->api);
  fprintf(m, ",\"%sstack\":", prefix);
  csan_report_json_stack(m, ev->stack, &ev->site);
}

static void json(FILE *m, const csan_memerr *e, const csan_memerr_who *w) {
  fputs("{\"type\":\"memory-error\",\"kind\":", m);
  csan_report_json_string(m, csan_memerr_kind_name(e->kind));
  fprintf(m, ",\"access\":\"%s\",\"address\":\"0x%llx\",\"size\":%llu,\"bad\":\"0x%llx\",\"what\":",
          e->is_free ? "free" : e->write ? "write" : "read", (unsigned long long)e->addr, (unsigned long long)e->size,
          (unsigned long long)e->bad);
  csan_report_json_string(m, w->what ? (w->kernel ? csan_demangle(w->what) : w->what) : NULL);
  fprintf(m, ",\"kernel\":%s,\"file\":", w->kernel ? "true" : "false");
  csan_report_json_string(m, w->site.file);
  fprintf(m, ",\"line\":%u,\"stack\":", w->site.line);
  csan_report_json_stack(m, w->stack, &w->site);
  fputs(",\"device_file\":", m);
  csan_report_json_string(m, w->device_file);
  fprintf(m, ",\"device_line\":%u", w->device_line);
  if (w->have_thread)
    fprintf(m, ",\"block\":[%u,%u,%u],\"thread\":[%u,%u,%u]", w->block[0], w->block[1],
            w->block[2], w->thread[0], w->thread[1], w->thread[2]);
  fputs(",\"allocation\":", m);
  if (e->have_alloc) {
    const csan_alloc_info *al = &e->alloc;
    fprintf(m, "{\"base\":\"0x%llx\",\"size\":%llu,\"offset\":%lld,\"freed\":%s",
            (unsigned long long)al->base, (unsigned long long)al->size,
            (long long)(e->bad - al->base), (al->flags & CSAN_ALLOC_FREED) ? "true" : "false");
    json_event(m, "", &al->made);
    if (al->flags & CSAN_ALLOC_FREED)
      json_event(m, "free_", &al->freed);
    fputc('}', m);
  } else {
    fputs("null", m);
  }
  fputs("}\n", m);
}

bool csan_memerr_report(const csan_flags *flags, const csan_memerr *e,
                        const csan_memerr_who *who) {
  if (e->kind == CSAN_MEMERR_NONE)
    return false;
  atomic_fetch_add(&g_count, 1);
  if (!first_time(site_key(e, who)))
    return false;
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (!m)
    return false;
  if (flags && flags->report_format == CSAN_REPORT_JSON)
    json(m, e, who);
  else
    text(m, e, who);
  fclose(m);
  csan_log_write(buf, len);
  free(buf);
  return true;
}
