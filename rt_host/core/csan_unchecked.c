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

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static kind *g_kinds;
static size_t g_n, g_cap;

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

void csan_unchecked_print(void) {
  pthread_mutex_lock(&g_mu);
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
  pthread_mutex_unlock(&g_mu);
}
