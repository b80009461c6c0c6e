/* csan_faults.c: launch records, the ranking of fault candidates and the
 * fault reports (csan_faults.h). */
#include "csan_faults.h"

#include "csan_report.h"
#include "csan_report_item.h"
#include "csan_stack.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------
 * Ranking (pure).
 * ---------------------------------------------------------------------- */

/* Candidates of one class, most recently issued first. */
typedef struct ranked {
  uint64_t order;
  csan_fault_candidate c;
} ranked;

static int by_order_desc(const void *a, const void *b) {
  uint64_t x = ((const ranked *)a)->order, y = ((const ranked *)b)->order;
  if (x != y)
    return x > y ? -1 : 1;
  uint32_t s = ((const ranked *)a)->c.slot, t = ((const ranked *)b)->c.slot;
  return s < t ? -1 : s > t;
}

/* Markers that make sense: done <= started <= issued. A slot reused by a
 * new stream, or markers written before an epoch restart, may not. */
static bool coherent(const csan_fault_progress *p) {
  return p->done <= p->started && p->started <= p->issued;
}

size_t csan_fault_rank(const csan_fault_progress *p, size_t n,
                       const csan_fault_device_record *dev, csan_fault_candidate *out,
                       size_t max) {
  size_t k = 0;
  if (dev && dev->valid && k < max)
    out[k++] = (csan_fault_candidate){CSAN_FAULT_DEVICE, dev->slot, dev->seq};
  ranked *r = n ? malloc(n * sizeof *r) : NULL;
  if (n && !r)
    return k;
  bool is_dev_launch;
  /* Begun and not finished. */
  size_t m = 0;
  for (size_t i = 0; i < n; i++) {
    if (!coherent(&p[i]) || p[i].started <= p[i].done)
      continue;
    is_dev_launch = dev && dev->valid && dev->slot == p[i].slot && dev->seq == p[i].started;
    if (!is_dev_launch)
      r[m++] = (ranked){p[i].started_order, {CSAN_FAULT_RUNNING, p[i].slot, p[i].started}};
  }
  bool any_running = m > 0;
  if (m) /* qsort may not get a null base, even for 0 elements */
    qsort(r, m, sizeof *r, by_order_desc);
  for (size_t i = 0; i < m && k < max; i++)
    out[k++] = r[i].c;
  /* Nothing was running: the oldest unfinished launch of each stream. */
  if (!any_running) {
    m = 0;
    for (size_t i = 0; i < n; i++) {
      if (!coherent(&p[i]) || p[i].done >= p[i].issued)
        continue;
      is_dev_launch = dev && dev->valid && dev->slot == p[i].slot && dev->seq == p[i].done + 1;
      if (!is_dev_launch)
        r[m++] = (ranked){p[i].head_order, {CSAN_FAULT_HEAD, p[i].slot, p[i].done + 1}};
    }
    if (m) /* qsort may not get a null base, even for 0 elements */
      qsort(r, m, sizeof *r, by_order_desc);
    for (size_t i = 0; i < m && k < max; i++)
      out[k++] = r[i].c;
  }
  free(r);
  return k;
}

/* ------------------------------------------------------------------------
 * Launch records.
 * ---------------------------------------------------------------------- */

typedef struct slot_ring {
  uint32_t issued;
  csan_fault_launch l[CSAN_FAULTS_RING];
} slot_ring;

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static slot_ring *g_slots[CSAN_FAULTS_SLOTS];
static uint64_t g_order;

uint32_t csan_faults_launch(csan_fault_launch *l, uint32_t slot) {
  if (slot >= CSAN_FAULTS_SLOTS)
    return 0;
  pthread_mutex_lock(&g_mu);
  slot_ring *s = g_slots[slot];
  if (!s)
    s = g_slots[slot] = calloc(1, sizeof *s);
  if (!s) {
    pthread_mutex_unlock(&g_mu);
    return 0;
  }
  l->seq = ++s->issued;
  l->slot = slot;
  l->order = ++g_order;
  csan_fault_launch *d = &s->l[l->seq % CSAN_FAULTS_RING];
  *d = *l;
  d->kernel = csan_intern(l->kernel);
  d->api = csan_intern(l->api);
  d->site.file = csan_intern(l->site.file);
  d->site.function = csan_intern(l->site.function);
  pthread_mutex_unlock(&g_mu);
  return l->seq;
}

bool csan_faults_unlaunch(uint32_t slot, uint32_t seq) {
  if (slot >= CSAN_FAULTS_SLOTS || !seq)
    return false;
  pthread_mutex_lock(&g_mu);
  slot_ring *s = g_slots[slot];
  bool back = s && s->issued == seq;
  if (back) {
    s->l[seq % CSAN_FAULTS_RING].seq = 0;
    s->issued--;
  }
  pthread_mutex_unlock(&g_mu);
  return back;
}

uint32_t csan_faults_issued(uint32_t slot) {
  if (slot >= CSAN_FAULTS_SLOTS)
    return 0;
  pthread_mutex_lock(&g_mu);
  uint32_t v = g_slots[slot] ? g_slots[slot]->issued : 0;
  pthread_mutex_unlock(&g_mu);
  return v;
}

bool csan_faults_find(uint32_t slot, uint32_t seq, csan_fault_launch *out) {
  if (slot >= CSAN_FAULTS_SLOTS || !seq)
    return false;
  pthread_mutex_lock(&g_mu);
  const slot_ring *s = g_slots[slot];
  bool ok = s && seq <= s->issued && s->l[seq % CSAN_FAULTS_RING].seq == seq;
  if (ok)
    *out = s->l[seq % CSAN_FAULTS_RING];
  pthread_mutex_unlock(&g_mu);
  return ok;
}

bool csan_faults_find_epoch(uint32_t slot, csan_epoch_t epoch, csan_fault_launch *out) {
  if (slot >= CSAN_FAULTS_SLOTS || !epoch)
    return false;
  bool ok = false;
  pthread_mutex_lock(&g_mu);
  const slot_ring *s = g_slots[slot];
  for (uint32_t i = 0; s && i < CSAN_FAULTS_RING && !ok; i++)
    if (s->l[i].seq && s->l[i].epoch == epoch) {
      *out = s->l[i];
      ok = true;
    }
  pthread_mutex_unlock(&g_mu);
  return ok;
}

static uint64_t order_locked(const slot_ring *s, uint32_t seq) {
  if (!seq || seq > s->issued || s->l[seq % CSAN_FAULTS_RING].seq != seq)
    return 0;
  return s->l[seq % CSAN_FAULTS_RING].order;
}

size_t csan_faults_snapshot(const volatile uint32_t *started, const volatile uint32_t *done,
                            csan_fault_progress *p, size_t max) {
  size_t n = 0;
  pthread_mutex_lock(&g_mu);
  for (uint32_t slot = 0; slot < CSAN_FAULTS_SLOTS && n < max; slot++) {
    const slot_ring *s = g_slots[slot];
    if (!s || !s->issued)
      continue;
    csan_fault_progress *q = &p[n++];
    q->slot = slot;
    q->issued = s->issued;
    /* Plain loads on the hardware; atomic for the compiler (and TSan): the
     * device, or the fake's host threads, write them concurrently. */
    q->started = started ? __atomic_load_n(&started[slot], __ATOMIC_RELAXED) : 0;
    q->done = done ? __atomic_load_n(&done[slot], __ATOMIC_RELAXED) : 0;
    q->started_order = order_locked(s, q->started);
    q->head_order = order_locked(s, q->done + 1);
  }
  pthread_mutex_unlock(&g_mu);
  return n;
}

void csan_faults_reset(void) {
  pthread_mutex_lock(&g_mu);
  for (uint32_t i = 0; i < CSAN_FAULTS_SLOTS; i++) {
    free(g_slots[i]);
    g_slots[i] = NULL;
  }
  g_order = 0;
  pthread_mutex_unlock(&g_mu);
}

/* ------------------------------------------------------------------------
 * Reports.
 * ---------------------------------------------------------------------- */

static const char *why_text(csan_fault_why w) {
  switch (w) {
  case CSAN_FAULT_DEVICE: return "the device recorded the fault in it";
  case CSAN_FAULT_RUNNING: return "begun and never finished";
  case CSAN_FAULT_HEAD: default: return "the oldest launch its stream did not finish";
  }
}

static const char *why_json(csan_fault_why w) {
  switch (w) {
  case CSAN_FAULT_DEVICE: return "device";
  case CSAN_FAULT_RUNNING: return "running";
  case CSAN_FAULT_HEAD: default: return "head";
  }
}

static void text_launch(FILE *m, const csan_fault_candidate *c, const csan_fault_launch *l,
                        bool found, size_t i, const csan_fault_device_record *dev) {
  if (!found) {
    fprintf(m, "  #%zu launch %u of stream slot %u (%s; csan no longer has its record)\n", i + 1,
            c->seq, c->slot, why_text(c->why));
    return;
  }
  if (l->api && !l->kernel) {
    fprintf(m, "  #%zu %s of %llu bytes on stream 0x%llx (%s)\n", i + 1, l->api,
            (unsigned long long)l->bytes, (unsigned long long)l->stream, why_text(c->why));
  } else {
    fprintf(m, "  #%zu kernel %s on stream 0x%llx (%s)\n", i + 1,
            l->kernel ? csan_demangle(l->kernel) : "(unknown)", (unsigned long long)l->stream,
            why_text(c->why));
    fprintf(m, "     grid (%u,%u,%u), block (%u,%u,%u), %llu bytes of dynamic shared memory\n",
            l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2],
            (unsigned long long)l->shared_mem);
  }
  if (c->why == CSAN_FAULT_DEVICE && dev && dev->file)
    fprintf(m, "     device line %s:%u\n", dev->file, dev->line);
  fputs(l->api && !l->kernel ? "     called at " : "     launched at ", m);
  csan_host_site_print_user(m, &l->site, l->stack);
  fputc('\n', m);
  csan_stack_print_at(m, l->stack, &l->site, "       ");
}

static void json_launch(FILE *m, const csan_fault_candidate *c, const csan_fault_launch *l,
                        bool found, const csan_fault_device_record *dev) {
  fprintf(m, "{\"why\":\"%s\",\"slot\":%u,\"seq\":%u", why_json(c->why), c->slot, c->seq);
  if (found) {
    fputs(",\"kernel\":", m);
    csan_report_json_string(m, l->kernel ? csan_demangle(l->kernel) : NULL);
    fputs(",\"api\":", m);
    csan_report_json_string(m, l->kernel ? NULL : l->api);
    fprintf(m, ",\"bytes\":%llu", (unsigned long long)(l->kernel ? 0 : l->bytes));
    fprintf(m, ",\"stream\":\"0x%llx\",\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],"
               "\"shared_mem\":%llu,\"file\":",
            (unsigned long long)l->stream, l->grid[0], l->grid[1], l->grid[2], l->block[0],
            l->block[1], l->block[2], (unsigned long long)l->shared_mem);
    csan_report_json_string(m, l->site.file);
    fprintf(m, ",\"line\":%u,\"stack\":", l->site.line);
    csan_report_json_stack(m, l->stack, &l->site);
  }
  if (c->why == CSAN_FAULT_DEVICE && dev && dev->file) {
    fputs(",\"device_file\":", m);
    csan_report_json_string(m, dev->file);
    fprintf(m, ",\"device_line\":%u", dev->line);
  }
  fputc('}', m);
}

void csan_fault_print(const csan_flags *flags, const csan_fault_report *r,
                      const csan_fault_candidate *c, size_t n,
                      const csan_fault_device_record *dev) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (!m)
    return;
  bool json = flags && flags->report_format == CSAN_REPORT_JSON;
  if (json) {
    fprintf(m, "{\"type\":\"fault\",\"error\":%d,\"error_name\":", r->error);
    csan_report_json_string(m, r->error_name);
    fputs(",\"error_text\":", m);
    csan_report_json_string(m, r->error_text);
    fputs(",\"api\":", m);
    csan_report_json_string(m, r->api);
    fputs(",\"file\":", m);
    csan_report_json_string(m, r->call_site.file);
    fprintf(m, ",\"line\":%u,\"stack\":", r->call_site.line);
    csan_report_json_stack(m, r->call_stack, &r->call_site);
    fprintf(m, ",\"markers\":%s,\"candidates\":[", r->markers ? "true" : "false");
    for (size_t i = 0; i < n; i++) {
      csan_fault_launch l;
      bool found = csan_faults_find(c[i].slot, c[i].seq, &l);
      if (i)
        fputc(',', m);
      json_launch(m, &c[i], &l, found, dev);
    }
    fputs("]}\n", m);
  } else {
    fputs("==================\n", m);
    fprintf(m, "csan: ERROR: asynchronous fault: %s (%s)\n", r->error_name ? r->error_name : "?",
            r->error_text ? r->error_text : "?");
    if (r->api) {
      fprintf(m, "  returned by %s at ", r->api);
      csan_host_site_print_user(m, &r->call_site, r->call_stack);
      fputc('\n', m);
      csan_stack_print_at(m, r->call_stack, &r->call_site, "    ");
    } else {
      fputs("  found by csan at exit: the program never checked a CUDA call that returned "
            "it\n", m);
    }
    if (n) {
      fprintf(m, "  The operation%s that may have faulted, most likely first (csan's progress "
                 "markers; nothing was serialized):\n",
              n > 1 ? "s" : "");
    } else if (!r->markers) {
      fputs("  csan has no progress markers on this device: it cannot say which launch "
            "faulted\n", m);
    } else {
      fputs("  No launch csan issued was running or unfinished: the fault is in other work "
            "(a copy, a library call, a graph, a launch csan did not see)\n", m);
    }
    csan_fault_launch first;
    bool first_found = false;
    for (size_t i = 0; i < n; i++) {
      csan_fault_launch l;
      bool found = csan_faults_find(c[i].slot, c[i].seq, &l);
      if (i == 0) {
        first = l;
        first_found = found;
      }
      text_launch(m, &c[i], &l, found, i, dev);
    }
    fprintf(m, "SUMMARY: csan: asynchronous fault %s", r->error_name ? r->error_name : "?");
    if (first_found && first.api && !first.kernel) {
      fprintf(m, " in %s called at ", first.api);
      csan_host_site_print_user(m, &first.site, first.stack);
    } else if (first_found) {
      fprintf(m, " in %s launched at ", first.kernel ? csan_demangle(first.kernel) : "(unknown)");
      csan_host_site_print_user(m, &first.site, first.stack);
    }
    fputs("\n==================\n", m);
  }
  fclose(m);
  csan_log_write(buf, len);
  free(buf);
}

void csan_fault_print_ignored(const csan_flags *flags, const csan_fault_launch *l,
                             const char *error_name, const char *error_text,
                             const char *next) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  if (!m)
    return;
  const char *kernel = l->kernel ? csan_demangle(l->kernel) : "(unknown)";
  if (flags && flags->report_format == CSAN_REPORT_JSON) {
    fputs("{\"type\":\"ignored-launch-error\",\"error_name\":", m);
    csan_report_json_string(m, error_name);
    fputs(",\"error_text\":", m);
    csan_report_json_string(m, error_text);
    fputs(",\"kernel\":", m);
    csan_report_json_string(m, kernel);
    fprintf(m, ",\"grid\":[%u,%u,%u],\"block\":[%u,%u,%u],\"shared_mem\":%llu,\"file\":",
            l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2],
            (unsigned long long)l->shared_mem);
    csan_report_json_string(m, l->site.file);
    fprintf(m, ",\"line\":%u,\"stack\":", l->site.line);
    csan_report_json_stack(m, l->stack, &l->site);
    fputs(",\"next\":", m);
    csan_report_json_string(m, next);
    fputs("}\n", m);
  } else {
    fprintf(m, "csan: WARNING: the launch of kernel %s at ", kernel);
    csan_host_site_print_user(m, &l->site, l->stack);
    fprintf(m, " failed: %s (%s), and the program did not check (cudaGetLastError or "
               "cudaPeekAtLastError) before %s%s%s: the kernel never ran\n",
            error_name ? error_name : "?", error_text ? error_text : "?",
            next ? "its next CUDA call" : "it exited", next && *next ? " " : "",
            next && *next ? next : "");
    fprintf(m, "    grid (%u,%u,%u), block (%u,%u,%u), %llu bytes of dynamic shared memory\n",
            l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2],
            (unsigned long long)l->shared_mem);
    csan_stack_print_at(m, l->stack, &l->site, "    ");
  }
  fclose(m);
  csan_log_write(buf, len);
  free(buf);
}
