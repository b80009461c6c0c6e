/* csan_unchecked.c: unchecked calls by kind, for the exit summary
 * (csan_unchecked.h). A small list under one mutex: the kinds are few (the
 * functions a program calls), and a call of a known kind only increments. */
#include "csan_unchecked.h"

#include "csan_report.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

typedef struct kind {
  char *name;
  const char *reason;
  uint64_t count;
  bool have_site;
  char *file, *function;
  unsigned line, column;
} kind;

/* Device code csan compiled but could not fully check: accesses per reason
 * summed over the loaded modules (their CSAN_MODULE_GAPS_NAME tables). */
typedef struct gap {
  char *reason;
  uint64_t count;
} gap;

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static kind *g_kinds;
static size_t g_n, g_cap;
static gap *g_gaps;
static size_t g_ngaps, g_gaps_cap;
static uint64_t g_gap_modules;

static kind *find_locked(const char *name) {
  for (size_t i = 0; i < g_n; i++)
    if (!strcmp(g_kinds[i].name, name))
      return &g_kinds[i];
  return NULL;
}

bool csan_unchecked_add(const char *name, const char *reason, const csan_host_site *site) {
  if (!name)
    return false;
  pthread_mutex_lock(&g_mu);
  kind *k = find_locked(name);
  bool first = false;
  if (!k) {
    if (g_n == g_cap) {
      size_t cap = g_cap ? 2 * g_cap : 16;
      kind *nk = realloc(g_kinds, cap * sizeof *nk);
      if (!nk) {
        pthread_mutex_unlock(&g_mu);
        return false;
      }
      g_kinds = nk;
      g_cap = cap;
    }
    k = &g_kinds[g_n];
    memset(k, 0, sizeof *k);
    k->name = strdup(name);
    if (!k->name) {
      pthread_mutex_unlock(&g_mu);
      return false;
    }
    k->reason = reason;
    if (site && (site->file || site->function)) {
      k->have_site = true;
      k->file = site->file ? strdup(site->file) : NULL;
      k->function = site->function ? strdup(site->function) : NULL;
      k->line = site->line;
      k->column = site->column;
    }
    g_n++;
    first = true;
  }
  k->count++;
  pthread_mutex_unlock(&g_mu);
  return first;
}

size_t csan_unchecked_kinds(void) {
  pthread_mutex_lock(&g_mu);
  size_t n = g_n;
  pthread_mutex_unlock(&g_mu);
  return n;
}

uint64_t csan_unchecked_calls(void) {
  pthread_mutex_lock(&g_mu);
  uint64_t c = 0;
  for (size_t i = 0; i < g_n; i++)
    c += g_kinds[i].count;
  pthread_mutex_unlock(&g_mu);
  return c;
}

uint64_t csan_unchecked_count(const char *name) {
  pthread_mutex_lock(&g_mu);
  kind *k = find_locked(name);
  uint64_t c = k ? k->count : 0;
  pthread_mutex_unlock(&g_mu);
  return c;
}

/* One "<count>\t<reason>" line; false when malformed. */
static bool add_gap_line_locked(const char *line, size_t len) {
  char buf[256];
  if (len == 0 || len >= sizeof buf)
    return false;
  memcpy(buf, line, len);
  buf[len] = '\0';
  char *tab = strchr(buf, '\t');
  if (!tab || tab == buf || !tab[1])
    return false;
  *tab = '\0';
  char *end;
  unsigned long long n = strtoull(buf, &end, 10);
  if (*end || !n)
    return false;
  const char *reason = tab + 1;
  for (size_t i = 0; i < g_ngaps; i++)
    if (!strcmp(g_gaps[i].reason, reason)) {
      g_gaps[i].count += n;
      return true;
    }
  if (g_ngaps == g_gaps_cap) {
    size_t cap = g_gaps_cap ? 2 * g_gaps_cap : 8;
    gap *ng = realloc(g_gaps, cap * sizeof *ng);
    if (!ng)
      return false;
    g_gaps = ng;
    g_gaps_cap = cap;
  }
  g_gaps[g_ngaps].reason = strdup(reason);
  if (!g_gaps[g_ngaps].reason)
    return false;
  g_gaps[g_ngaps++].count = n;
  return true;
}

bool csan_unchecked_add_device_gaps(const char *table) {
  if (!table || !*table)
    return true;
  bool ok = true;
  pthread_mutex_lock(&g_mu);
  g_gap_modules++;
  for (const char *p = table; *p;) {
    const char *nl = strchr(p, '\n');
    size_t len = nl ? (size_t)(nl - p) : strlen(p);
    if (len)
      ok &= add_gap_line_locked(p, len);
    p += len + (nl != NULL);
  }
  pthread_mutex_unlock(&g_mu);
  return ok;
}

uint64_t csan_unchecked_device_gaps(const char *reason) {
  pthread_mutex_lock(&g_mu);
  uint64_t c = 0;
  for (size_t i = 0; i < g_ngaps; i++)
    if (!reason || !strcmp(g_gaps[i].reason, reason))
      c += g_gaps[i].count;
  pthread_mutex_unlock(&g_mu);
  return c;
}

static void print_gaps_locked(void) {
  if (!g_ngaps)
    return;
  uint64_t total = 0;
  for (size_t i = 0; i < g_ngaps; i++)
    total += g_gaps[i].count;
  csan_log_printf("csan: %llu device access(es) in %llu loaded module(s) have no check (a race "
                  "through them is not seen; -mllvm -csan-stats shows where):\n",
                  (unsigned long long)total, (unsigned long long)g_gap_modules);
  for (size_t i = 0; i < g_ngaps; i++)
    csan_log_printf("csan:   %s: %llu\n", g_gaps[i].reason, (unsigned long long)g_gaps[i].count);
}

void csan_unchecked_print(void) {
  pthread_mutex_lock(&g_mu);
  print_gaps_locked();
  if (!g_n) {
    pthread_mutex_unlock(&g_mu);
    return;
  }
  uint64_t calls = 0;
  for (size_t i = 0; i < g_n; i++)
    calls += g_kinds[i].count;
  csan_log_printf("csan: %llu call(s) of %zu kind(s) ran unchecked (csan does not know what "
                  "they access):\n",
                  (unsigned long long)calls, g_n);
  for (size_t i = 0; i < g_n; i++) {
    const kind *k = &g_kinds[i];
    char where[1024] = "";
    if (k->have_site && k->file && k->line)
      snprintf(where, sizeof where, ", first at %s:%u", k->file, k->line);
    else if (k->have_site && k->file)
      snprintf(where, sizeof where, ", first in %s", k->file);
    csan_log_printf("csan:   %s: %llu call(s)%s: %s\n", k->name, (unsigned long long)k->count,
                    where, k->reason ? k->reason : "no model");
  }
  pthread_mutex_unlock(&g_mu);
}

void csan_unchecked_reset(void) {
  pthread_mutex_lock(&g_mu);
  for (size_t i = 0; i < g_n; i++) {
    free(g_kinds[i].name);
    free(g_kinds[i].file);
    free(g_kinds[i].function);
  }
  g_n = 0;
  for (size_t i = 0; i < g_ngaps; i++)
    free(g_gaps[i].reason);
  g_ngaps = 0;
  g_gap_modules = 0;
  pthread_mutex_unlock(&g_mu);
}
