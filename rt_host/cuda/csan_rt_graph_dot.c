/* csan_rt_graph_dot.c: pictures of races inside one graph launch
 * (CSAN_OPTIONS=graph_dot).
 *
 * Reports come at synchronization points, after the launch and perhaps
 * after the exec is gone: each exec's drawing is made at instantiation and
 * kept for the run, and each launch notes which node issued each operation
 * (slot, epoch), so a race whose two operations are nodes of one launch is
 * drawn when it is reported: the exec's graph as Graphviz DOT, the two
 * nodes in red and a dashed red edge for the missing path, in
 * PREFIX.exec<id>.<launch line>.dot, named in the report's note. Only with
 * the option: a note costs a table entry per node and launch. */
#include "csan_rt_graph_dot.h"

#include "csan_rt_report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct csan_rt_dot_graph {
  uint32_t id; /* exec<id> in file names: the order of instantiation */
  uint32_t n;
  char **labels;
  uint32_t *dep_start, *deps;
};

typedef struct dot_op {
  uint64_t key; /* slot << 32 | epoch; 0: empty */
  const csan_rt_dot_graph *g;
  uint32_t node;
  uint64_t launch;       /* the launch's number, over all execs */
  const char *launch_at; /* "file:line" of cudaGraphLaunch (interned) */
} dot_op;

static pthread_mutex_t g_dot_mu = PTHREAD_MUTEX_INITIALIZER;
static dot_op *g_dot_ops;
static size_t g_dot_cap, g_dot_len;
static uint32_t g_dot_graphs;
static uint64_t g_dot_launches;

static size_t dot_slot(uint64_t key, size_t cap) {
  return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (cap - 1);
}

/* Under g_dot_mu. */
static void dot_put(const dot_op *o) {
  if (2 * (g_dot_len + 1) > g_dot_cap) {
    size_t cap = g_dot_cap ? 2 * g_dot_cap : 1024;
    dot_op *t = calloc(cap, sizeof *t);
    if (!t)
      return;
    for (size_t i = 0; i < g_dot_cap; i++)
      if (g_dot_ops[i].key) {
        size_t j = dot_slot(g_dot_ops[i].key, cap);
        while (t[j].key)
          j = (j + 1) & (cap - 1);
        t[j] = g_dot_ops[i];
      }
    free(g_dot_ops);
    g_dot_ops = t;
    g_dot_cap = cap;
  }
  size_t j = dot_slot(o->key, g_dot_cap);
  while (g_dot_ops[j].key && g_dot_ops[j].key != o->key)
    j = (j + 1) & (g_dot_cap - 1);
  if (!g_dot_ops[j].key)
    g_dot_len++;
  g_dot_ops[j] = *o;
}

static bool dot_get(uint64_t key, dot_op *out) {
  bool found = false;
  pthread_mutex_lock(&g_dot_mu);
  if (g_dot_cap) {
    size_t j = dot_slot(key, g_dot_cap);
    while (g_dot_ops[j].key && g_dot_ops[j].key != key)
      j = (j + 1) & (g_dot_cap - 1);
    if (g_dot_ops[j].key) {
      *out = g_dot_ops[j];
      found = true;
    }
  }
  pthread_mutex_unlock(&g_dot_mu);
  return found;
}

static uint64_t dot_key(uint32_t slot, csan_epoch_t epoch) {
  return (uint64_t)slot << 32 | epoch;
}

/* csan_rt_note_fn: a race between two nodes of one launch, drawn. */
static const char *dot_note(const csan_race *e) {
  dot_op a, b;
  if (!dot_get(dot_key(CSAN_TAG_GET_SLOT(e->other), CSAN_TAG_GET_EPOCH(e->other)), &a) ||
      !dot_get(dot_key(e->slot, e->epoch), &b) || a.launch != b.launch || a.node == b.node)
    return NULL;
  const csan_rt_dot_graph *d = a.g;
  char path[4096];
  int len = snprintf(path, sizeof path, "%s.exec%u.%s.dot", csan_g.flags.graph_dot, d->id,
                     strrchr(a.launch_at, ':') + 1);
  FILE *f = len > 0 && (size_t)len < sizeof path ? fopen(path, "w") : NULL;
  if (!f) {
    csan_log_printf("csan: cannot write the graph picture %s\n", path);
    return NULL;
  }
  fprintf(f, "digraph \"graph exec %u launched at %s\" {\n", d->id, a.launch_at);
  for (uint32_t i = 0; i < d->n; i++)
    fprintf(f, "  n%u [label=\"%s\"%s];\n", i, d->labels[i],
            i == a.node || i == b.node ? ", color=red, penwidth=2" : "");
  for (uint32_t i = 0; i < d->n; i++)
    for (uint32_t k = d->dep_start[i]; k < d->dep_start[i + 1]; k++)
      fprintf(f, "  n%u -> n%u;\n", d->deps[k], i);
  fprintf(f, "  n%u -> n%u [style=dashed, color=red, label=\"no path: race\"];\n}\n", a.node,
          b.node);
  fclose(f);
  char note[4400];
  snprintf(note, sizeof note, "the graph with this race (no path between its two nodes): %s",
           path);
  return csan_intern(note);
}

csan_rt_dot_graph *csan_rt_dot_graph_make(uint32_t n, const char *const *labels,
                                          const uint32_t *dep_start, const uint32_t *deps) {
  csan_rt_dot_graph *d = calloc(1, sizeof *d);
  uint32_t nd = dep_start[n];
  if (d) {
    d->labels = calloc(n ? n : 1, sizeof *d->labels);
    d->dep_start = calloc(n + 1, sizeof *d->dep_start);
    d->deps = calloc(nd ? nd : 1, sizeof *d->deps);
  }
  bool ok = d && d->labels && d->dep_start && d->deps;
  for (uint32_t i = 0; ok && i < n; i++)
    ok = (d->labels[i] = strdup(labels[i] ? labels[i] : "?")) != NULL;
  if (!ok) {
    for (uint32_t i = 0; d && d->labels && i < n; i++)
      free(d->labels[i]);
    if (d) {
      free(d->labels);
      free(d->dep_start);
      free(d->deps);
    }
    free(d);
    return NULL;
  }
  d->n = n;
  memcpy(d->dep_start, dep_start, (n + 1) * sizeof *dep_start);
  if (nd)
    memcpy(d->deps, deps, nd * sizeof *deps);
  pthread_mutex_lock(&g_dot_mu);
  d->id = ++g_dot_graphs;
  pthread_mutex_unlock(&g_dot_mu);
  csan_rt_report_graph_note(dot_note);
  return d;
}

uint64_t csan_rt_dot_launch(void) {
  pthread_mutex_lock(&g_dot_mu);
  uint64_t n = ++g_dot_launches;
  pthread_mutex_unlock(&g_dot_mu);
  return n;
}

void csan_rt_dot_note_op(const csan_rt_dot_graph *g, uint32_t node, uint64_t launch,
                         const char *launch_at, uint32_t slot, csan_epoch_t epoch) {
  dot_op o = {dot_key(slot, epoch), g, node, launch, launch_at};
  pthread_mutex_lock(&g_dot_mu);
  dot_put(&o);
  pthread_mutex_unlock(&g_dot_mu);
}
