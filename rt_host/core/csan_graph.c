/* csan_graph.c: graph topology, instantiation into chains and lanes, and the
 * expansion of a launch into the model (csan_graph.h says why). */
#include "csan_graph.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct gnode {
  csan_gnode_kind kind;
  uint64_t payload;
  csan_graph *child; /* CSAN_GNODE_CHILD: owned copy */
  uint32_t *deps;
  uint32_t ndeps, cap;
} gnode;

/* A programmatic (PDL) edge: `to` may begin before `from` ends. */
typedef struct gpdl {
  uint32_t from, to;
} gpdl;

struct csan_graph {
  gnode *n;
  uint32_t len, cap;
  gpdl *pdl; /* the edges that are programmatic */
  uint32_t npdl;
};

static int pdl_push(gpdl **v, uint32_t *n, uint32_t from, uint32_t to) {
  for (uint32_t i = 0; i < *n; i++)
    if ((*v)[i].from == from && (*v)[i].to == to)
      return CSAN_MODEL_OK;
  if ((*n & (*n - 1)) == 0) { /* 0, 1, 2, 4, ...: grow at powers of two */
    gpdl *nv = realloc(*v, (*n ? 2 * *n : 1) * sizeof(**v));
    if (!nv)
      return CSAN_MODEL_ENOMEM;
    *v = nv;
  }
  (*v)[(*n)++] = (gpdl){from, to};
  return CSAN_MODEL_OK;
}

static bool pdl_has(const gpdl *v, uint32_t n, uint32_t from, uint32_t to) {
  for (uint32_t i = 0; i < n; i++)
    if (v[i].from == from && v[i].to == to)
      return true;
  return false;
}

const char *csan_gnode_kind_name(csan_gnode_kind kind) {
  switch (kind) {
  case CSAN_GNODE_EMPTY: return "empty";
  case CSAN_GNODE_KERNEL: return "kernel";
  case CSAN_GNODE_MEMCPY: return "memcpy";
  case CSAN_GNODE_MEMSET: return "memset";
  case CSAN_GNODE_HOST: return "host";
  case CSAN_GNODE_EVENT_RECORD: return "event record";
  case CSAN_GNODE_EVENT_WAIT: return "event wait";
  case CSAN_GNODE_CHILD: return "child graph";
  case CSAN_GNODE_MEM_ALLOC: return "memory alloc";
  case CSAN_GNODE_MEM_FREE: return "memory free";
  case CSAN_GNODE_UNCHECKED: return "unchecked";
  }
  return "?";
}

csan_graph *csan_graph_create(void) { return calloc(1, sizeof(csan_graph)); }

void csan_graph_destroy(csan_graph *g) {
  if (!g)
    return;
  for (uint32_t i = 0; i < g->len; i++) {
    free(g->n[i].deps);
    csan_graph_destroy(g->n[i].child);
  }
  free(g->n);
  free(g->pdl);
  free(g);
}

static int push_dep(gnode *n, uint32_t d) {
  for (uint32_t i = 0; i < n->ndeps; i++)
    if (n->deps[i] == d)
      return CSAN_MODEL_OK;
  if (n->ndeps == n->cap) {
    uint32_t cap = n->cap ? 2 * n->cap : 4;
    uint32_t *nd = realloc(n->deps, cap * sizeof(*nd));
    if (!nd)
      return CSAN_MODEL_ENOMEM;
    n->deps = nd;
    n->cap = cap;
  }
  n->deps[n->ndeps++] = d;
  return CSAN_MODEL_OK;
}

int csan_graph_add_node(csan_graph *g, csan_gnode_kind kind, uint64_t payload,
                        const csan_graph *child, const uint32_t *deps, size_t ndeps,
                        uint32_t *id) {
  if ((kind == CSAN_GNODE_CHILD) != (child != NULL))
    return CSAN_MODEL_EINVAL;
  for (size_t i = 0; i < ndeps; i++)
    if (deps[i] >= g->len)
      return CSAN_MODEL_EINVAL;
  if (g->len == g->cap) {
    uint32_t cap = g->cap ? 2 * g->cap : 16;
    gnode *nn = realloc(g->n, cap * sizeof(*nn));
    if (!nn)
      return CSAN_MODEL_ENOMEM;
    g->n = nn;
    g->cap = cap;
  }
  gnode *n = &g->n[g->len];
  memset(n, 0, sizeof(*n));
  n->kind = kind;
  n->payload = payload;
  if (child && !(n->child = csan_graph_clone(child)))
    return CSAN_MODEL_ENOMEM;
  for (size_t i = 0; i < ndeps; i++) {
    if (push_dep(n, deps[i]) != CSAN_MODEL_OK) {
      free(n->deps);
      csan_graph_destroy(n->child);
      return CSAN_MODEL_ENOMEM;
    }
  }
  *id = g->len++;
  return CSAN_MODEL_OK;
}

int csan_graph_add_edge(csan_graph *g, uint32_t from, uint32_t to) {
  if (from >= g->len || to >= g->len || from == to)
    return CSAN_MODEL_EINVAL;
  return push_dep(&g->n[to], from);
}

int csan_graph_set_programmatic(csan_graph *g, uint32_t from, uint32_t to) {
  if (from >= g->len || to >= g->len || from == to)
    return CSAN_MODEL_EINVAL;
  const gnode *n = &g->n[to];
  bool edge = false;
  for (uint32_t i = 0; i < n->ndeps && !edge; i++)
    edge = n->deps[i] == from;
  if (!edge)
    return CSAN_MODEL_EINVAL;
  return pdl_push(&g->pdl, &g->npdl, from, to);
}

bool csan_graph_programmatic(const csan_graph *g, uint32_t from, uint32_t to) {
  return pdl_has(g->pdl, g->npdl, from, to);
}

csan_graph *csan_graph_clone(const csan_graph *g) {
  csan_graph *c = csan_graph_create();
  if (!c)
    return NULL;
  for (uint32_t i = 0; i < g->len; i++) {
    uint32_t id;
    /* Dependencies are added as edges below: ids may point forward. */
    if (csan_graph_add_node(c, g->n[i].kind, g->n[i].payload, g->n[i].child, NULL, 0, &id)) {
      csan_graph_destroy(c);
      return NULL;
    }
  }
  for (uint32_t i = 0; i < g->len; i++)
    for (uint32_t j = 0; j < g->n[i].ndeps; j++)
      if (push_dep(&c->n[i], g->n[i].deps[j]) != CSAN_MODEL_OK) {
        csan_graph_destroy(c);
        return NULL;
      }
  for (uint32_t i = 0; i < g->npdl; i++)
    if (pdl_push(&c->pdl, &c->npdl, g->pdl[i].from, g->pdl[i].to) != CSAN_MODEL_OK) {
      csan_graph_destroy(c);
      return NULL;
    }
  return c;
}

uint32_t csan_graph_count(const csan_graph *g) { return g->len; }
csan_gnode_kind csan_graph_kind(const csan_graph *g, uint32_t id) { return g->n[id].kind; }
uint64_t csan_graph_payload(const csan_graph *g, uint32_t id) { return g->n[id].payload; }
void csan_graph_set_payload(csan_graph *g, uint32_t id, uint64_t payload) {
  g->n[id].payload = payload;
}

const csan_graph *csan_graph_child(const csan_graph *g, uint32_t id) { return g->n[id].child; }

size_t csan_graph_deps(const csan_graph *g, uint32_t id, const uint32_t **deps) {
  *deps = g->n[id].deps;
  return g->n[id].ndeps;
}

/* Depth-first search backwards from `to` over dependencies. */
bool csan_graph_reaches(const csan_graph *g, uint32_t from, uint32_t to) {
  if (from >= g->len || to >= g->len)
    return false;
  if (from == to)
    return true;
  uint8_t *seen = calloc(g->len, 1);
  uint32_t *stack = malloc(g->len * sizeof(*stack));
  bool found = false;
  if (seen && stack) {
    uint32_t sp = 0;
    stack[sp++] = to;
    seen[to] = 1;
    while (sp && !found) {
      const gnode *n = &g->n[stack[--sp]];
      for (uint32_t i = 0; i < n->ndeps; i++) {
        uint32_t d = n->deps[i];
        if (d == from) {
          found = true;
          break;
        }
        if (!seen[d]) {
          seen[d] = 1;
          stack[sp++] = d;
        }
      }
    }
  }
  free(seen);
  free(stack);
  return found;
}

static bool same_deps(const gnode *a, const gnode *b) {
  if (a->ndeps != b->ndeps)
    return false;
  for (uint32_t i = 0; i < a->ndeps; i++) {
    bool found = false;
    for (uint32_t j = 0; j < b->ndeps && !found; j++)
      found = a->deps[i] == b->deps[j];
    if (!found)
      return false;
  }
  return true;
}

bool csan_graph_same_topology(const csan_graph *a, const csan_graph *b) {
  if (a->len != b->len)
    return false;
  for (uint32_t i = 0; i < a->len; i++) {
    const gnode *x = &a->n[i], *y = &b->n[i];
    if (x->kind != y->kind || !same_deps(x, y))
      return false;
    if (x->child && !csan_graph_same_topology(x->child, y->child))
      return false;
  }
  return true;
}

/* ---- Instantiation ----------------------------------------------------------
 * Flat nodes are emitted in a topological order, each after its
 * dependencies, so a launch issues them in index order. */

typedef struct fnode {
  csan_gexec_node pub;
  uint32_t *deps;
  uint32_t ndeps;
  int32_t ev; /* index of its join event, -1: no edge leaves its lane */
} fnode;

struct csan_gexec {
  fnode *n;
  uint32_t len, cap;
  uint32_t *top_flat; /* flat index of each top-level node (its completion) */
  uint32_t ntop;
  uint32_t nlanes;
  bool merged;
  uint32_t nevents;
  /* Keys: the addresses of these bytes, unique while the exec lives. */
  uint8_t *lane_keys;  /* nlanes: the lanes */
  uint8_t *ev_keys;    /* nevents: the join events */
  uint8_t *end_keys;   /* nlanes: each lane's end of a launch */
  uint8_t entry_key, done_key;
  gpdl *pdl; /* programmatic edges between flat nodes */
  uint32_t npdl;
  uint64_t launches;
  csan_graph *shape; /* a copy of the instantiated graph (updates) */
};

static int emit(csan_gexec *x, csan_gnode_kind kind, uint64_t payload, uint32_t top,
                bool in_child, const uint32_t *deps, uint32_t ndeps, uint32_t *out) {
  if (x->len == x->cap) {
    uint32_t cap = x->cap ? 2 * x->cap : 16;
    fnode *nn = realloc(x->n, cap * sizeof(*nn));
    if (!nn)
      return CSAN_MODEL_ENOMEM;
    x->n = nn;
    x->cap = cap;
  }
  fnode *f = &x->n[x->len];
  memset(f, 0, sizeof(*f));
  f->pub.kind = kind;
  f->pub.payload = payload;
  f->pub.top = top;
  f->pub.in_child = in_child;
  f->ev = -1;
  if (ndeps) {
    f->deps = malloc(ndeps * sizeof(*f->deps));
    if (!f->deps)
      return CSAN_MODEL_ENOMEM;
    memcpy(f->deps, deps, ndeps * sizeof(*deps));
  }
  f->ndeps = ndeps;
  *out = x->len++;
  return CSAN_MODEL_OK;
}

/* A topological order of g's nodes (Kahn); EINVAL for a cycle. */
static int topo_order(const csan_graph *g, uint32_t *order) {
  uint32_t *indeg = calloc(g->len ? g->len : 1, sizeof(*indeg));
  if (!indeg)
    return CSAN_MODEL_ENOMEM;
  /* indeg counts dependencies; a node is ready when all were emitted. */
  for (uint32_t i = 0; i < g->len; i++)
    indeg[i] = g->n[i].ndeps;
  uint32_t done = 0, head = 0;
  for (uint32_t i = 0; i < g->len; i++)
    if (!indeg[i])
      order[done++] = i;
  while (head < done) {
    uint32_t u = order[head++];
    /* Quadratic in the worst case, linear for the usual few dependents. */
    for (uint32_t v = 0; v < g->len; v++)
      for (uint32_t j = 0; j < g->n[v].ndeps; j++)
        if (g->n[v].deps[j] == u && --indeg[v] == 0)
          order[done++] = v;
  }
  free(indeg);
  return done == g->len ? CSAN_MODEL_OK : CSAN_MODEL_EINVAL;
}

/* Emits g's nodes; roots depend on entry[0..nentry). done[i] is the flat
 * node standing for the completion of g's node i. */
static int flatten(csan_gexec *x, const csan_graph *g, uint32_t top, bool in_child,
                   const uint32_t *entry, uint32_t nentry, uint32_t *done) {
  uint32_t *order = malloc((g->len ? g->len : 1) * sizeof(*order));
  uint32_t *deps = NULL;
  uint32_t cap = 0;
  int rc = order ? topo_order(g, order) : CSAN_MODEL_ENOMEM;
  for (uint32_t k = 0; rc == CSAN_MODEL_OK && k < g->len; k++) {
    uint32_t i = order[k];
    const gnode *n = &g->n[i];
    uint32_t nd = n->ndeps ? n->ndeps : nentry;
    if (nd > cap) {
      uint32_t *nn = realloc(deps, nd * sizeof(*nn));
      if (!nn) {
        rc = CSAN_MODEL_ENOMEM;
        break;
      }
      deps = nn;
      cap = nd;
    }
    for (uint32_t j = 0; j < n->ndeps; j++)
      deps[j] = done[n->deps[j]];
    if (!n->ndeps && nentry)
      memcpy(deps, entry, nentry * sizeof(*entry));
    uint32_t t = in_child ? top : i;
    if (n->kind != CSAN_GNODE_CHILD) {
      rc = emit(x, n->kind, n->payload, t, in_child, deps, nd, &done[i]);
      for (uint32_t j = 0; rc == CSAN_MODEL_OK && j < n->ndeps; j++)
        if (pdl_has(g->pdl, g->npdl, n->deps[j], i))
          rc = pdl_push(&x->pdl, &x->npdl, deps[j], done[i]);
      continue;
    }
    /* A child graph: its nodes, then an empty node after its sinks (or
     * after the child node's own dependencies when it has no nodes). */
    const csan_graph *c = n->child;
    uint32_t *cdone = malloc((c->len ? c->len : 1) * sizeof(*cdone));
    uint8_t *used = calloc(c->len ? c->len : 1, 1);
    if (!cdone || !used) {
      free(cdone);
      free(used);
      rc = CSAN_MODEL_ENOMEM;
      break;
    }
    rc = flatten(x, c, t, true, deps, nd, cdone);
    uint32_t nsinks = 0;
    for (uint32_t v = 0; rc == CSAN_MODEL_OK && v < c->len; v++)
      for (uint32_t j = 0; j < c->n[v].ndeps; j++)
        used[c->n[v].deps[j]] = 1;
    uint32_t *sinks = malloc((c->len + nd + 1) * sizeof(*sinks));
    if (!sinks && rc == CSAN_MODEL_OK)
      rc = CSAN_MODEL_ENOMEM;
    if (rc == CSAN_MODEL_OK) {
      for (uint32_t v = 0; v < c->len; v++)
        if (!used[v])
          sinks[nsinks++] = cdone[v];
      if (!c->len) {
        if (nd)
          memcpy(sinks, deps, nd * sizeof(*deps));
        nsinks = nd;
      }
      rc = emit(x, CSAN_GNODE_EMPTY, n->payload, t, in_child, sinks, nsinks, &done[i]);
    }
    free(sinks);
    free(cdone);
    free(used);
  }
  free(deps);
  free(order);
  return rc;
}

/* The chains: a node continues the lane whose last node is one of its
 * dependencies; else it starts a lane while max_lanes allows; else it goes
 * on its first dependency's lane (or lane 0), which orders more than the
 * graph does (x->merged). An edge between lanes gets a join event. */
static void make_chains(csan_gexec *x, uint32_t max_lanes, uint32_t *tail) {
  for (uint32_t i = 0; i < x->len; i++) {
    fnode *f = &x->n[i];
    uint32_t lane = UINT32_MAX;
    for (uint32_t j = 0; j < f->ndeps && lane == UINT32_MAX; j++) {
      uint32_t l = x->n[f->deps[j]].pub.lane;
      if (tail[l] == f->deps[j])
        lane = l;
    }
    if (lane == UINT32_MAX && x->nlanes < max_lanes)
      lane = x->nlanes++;
    if (lane == UINT32_MAX) {
      lane = f->ndeps ? x->n[f->deps[0]].pub.lane : 0;
      x->merged = true;
    }
    f->pub.lane = lane;
    tail[lane] = i;
    for (uint32_t j = 0; j < f->ndeps; j++) {
      fnode *d = &x->n[f->deps[j]];
      if (d->pub.lane != lane && d->ev < 0)
        d->ev = (int32_t)x->nevents++;
    }
  }
}

csan_key csan_gexec_lane_key(const csan_gexec *x, uint32_t lane) {
  return (csan_key)(uintptr_t)&x->lane_keys[lane];
}
static csan_key ev_key(const csan_gexec *x, int32_t ev) {
  return (csan_key)(uintptr_t)&x->ev_keys[ev];
}
static csan_key end_key(const csan_gexec *x, uint32_t lane) {
  return (csan_key)(uintptr_t)&x->end_keys[lane];
}

/* Lanes and events in the model. Lanes the model has no slot for are
 * folded onto the lanes it has (renumbering), which only adds ordering. */
static int make_model_objects(csan_model *m, csan_gexec *x) {
  uint32_t made = 0;
  for (uint32_t l = 0; l < x->nlanes; l++) {
    int rc = csan_model_stream_create(m, csan_gexec_lane_key(x, l), CSAN_STREAM_NONBLOCKING);
    if (rc == CSAN_MODEL_ENOSLOT)
      break;
    if (rc != CSAN_MODEL_OK)
      return rc;
    made++;
  }
  if (made == 0)
    return CSAN_MODEL_ENOSLOT;
  if (made < x->nlanes) {
    /* Fold lane l onto lane l % made; joins within one lane go away. */
    x->merged = true;
    x->nlanes = made;
    for (uint32_t i = 0; i < x->len; i++)
      x->n[i].pub.lane %= made;
  }
  int rc = csan_model_event_create(m, (csan_key)(uintptr_t)&x->entry_key);
  if (rc == CSAN_MODEL_OK)
    rc = csan_model_event_create(m, (csan_key)(uintptr_t)&x->done_key);
  for (uint32_t e = 0; rc == CSAN_MODEL_OK && e < x->nevents; e++)
    rc = csan_model_event_create(m, ev_key(x, (int32_t)e));
  for (uint32_t l = 0; rc == CSAN_MODEL_OK && l < x->nlanes; l++)
    rc = csan_model_event_create(m, end_key(x, l));
  return rc;
}

static void free_exec(csan_gexec *x) {
  for (uint32_t i = 0; i < x->len; i++)
    free(x->n[i].deps);
  free(x->n);
  free(x->pdl);
  free(x->top_flat);
  free(x->lane_keys);
  free(x->ev_keys);
  free(x->end_keys);
  csan_graph_destroy(x->shape);
  free(x);
}

int csan_gexec_create(csan_model *m, const csan_graph *g, uint32_t max_lanes, csan_gexec **out) {
  *out = NULL;
  csan_gexec *x = calloc(1, sizeof(*x));
  if (!x)
    return CSAN_MODEL_ENOMEM;
  if (max_lanes == 0 || max_lanes > CSAN_GRAPH_MAX_LANES)
    max_lanes = CSAN_GRAPH_MAX_LANES;
  x->ntop = g->len;
  x->top_flat = malloc((g->len ? g->len : 1) * sizeof(*x->top_flat));
  x->shape = csan_graph_clone(g);
  int rc = x->top_flat && x->shape ? flatten(x, g, 0, false, NULL, 0, x->top_flat)
                                   : CSAN_MODEL_ENOMEM;
  uint32_t *tail = NULL;
  if (rc == CSAN_MODEL_OK) {
    tail = malloc(max_lanes * sizeof(*tail));
    rc = tail ? CSAN_MODEL_OK : CSAN_MODEL_ENOMEM;
  }
  if (rc == CSAN_MODEL_OK) {
    make_chains(x, max_lanes, tail);
    if (x->nlanes == 0)
      x->nlanes = 1; /* an empty graph still orders its launches */
    x->lane_keys = calloc(x->nlanes, 1);
    x->end_keys = calloc(x->nlanes, 1);
    x->ev_keys = calloc(x->nevents ? x->nevents : 1, 1);
    rc = x->lane_keys && x->end_keys && x->ev_keys ? make_model_objects(m, x)
                                                   : CSAN_MODEL_ENOMEM;
    if (rc != CSAN_MODEL_OK)
      csan_gexec_destroy(m, x), x = NULL;
  } else {
    free_exec(x);
    x = NULL;
  }
  free(tail);
  *out = x;
  return rc;
}

void csan_gexec_destroy(csan_model *m, csan_gexec *x) {
  if (!x)
    return;
  if (x->lane_keys)
    for (uint32_t l = 0; l < x->nlanes; l++)
      csan_model_stream_destroy(m, csan_gexec_lane_key(x, l));
  if (x->end_keys)
    for (uint32_t l = 0; l < x->nlanes; l++)
      csan_model_event_destroy(m, end_key(x, l));
  if (x->ev_keys)
    for (uint32_t e = 0; e < x->nevents; e++)
      csan_model_event_destroy(m, ev_key(x, (int32_t)e));
  csan_model_event_destroy(m, (csan_key)(uintptr_t)&x->entry_key);
  csan_model_event_destroy(m, (csan_key)(uintptr_t)&x->done_key);
  free_exec(x);
}

uint32_t csan_gexec_count(const csan_gexec *x) { return x->len; }
const csan_gexec_node *csan_gexec_node_at(const csan_gexec *x, uint32_t i) {
  return &x->n[i].pub;
}
size_t csan_gexec_deps(const csan_gexec *x, uint32_t i, const uint32_t **deps) {
  *deps = x->n[i].deps;
  return x->n[i].ndeps;
}
uint32_t csan_gexec_lanes(const csan_gexec *x) { return x->nlanes; }

bool csan_gexec_programmatic(const csan_gexec *x, uint32_t from, uint32_t to) {
  return pdl_has(x->pdl, x->npdl, from, to);
}

/* Whether a path of dependencies leads from `from` to `to` in the flat
 * graph (from == to included): `to` begins after `from` ended, whatever
 * the edges' kinds (a node ends after what it depends on). */
static bool flat_reaches(const csan_gexec *x, uint32_t from, uint32_t to, uint8_t *seen,
                         uint32_t *stack) {
  if (from == to)
    return true;
  memset(seen, 0, x->len);
  uint32_t sp = 0;
  stack[sp++] = to;
  seen[to] = 1;
  while (sp) {
    const fnode *n = &x->n[stack[--sp]];
    for (uint32_t i = 0; i < n->ndeps; i++) {
      uint32_t d = n->deps[i];
      if (d == from)
        return true;
      if (!seen[d]) {
        seen[d] = 1;
        stack[sp++] = d;
      }
    }
  }
  return false;
}

void csan_gexec_pre_wait_clock(const csan_gexec *x, uint32_t i, const uint64_t *marks,
                               csan_epoch_t *vc) {
  uint32_t over[64];
  size_t n = marks ? csan_gexec_overlapped(x, i, over, 64) : 0;
  for (size_t k = 0; k < n; k++) {
    uint64_t at = marks[over[k]];
    uint32_t slot = (uint32_t)(at >> 32);
    csan_epoch_t e = (csan_epoch_t)at;
    if (at && slot < CSAN_MAX_SLOTS && e && vc[slot] >= e)
      vc[slot] = e - 1;
  }
}

size_t csan_gexec_overlapped(const csan_gexec *x, uint32_t i, uint32_t *out, size_t max) {
  if (!x->npdl || i >= x->len)
    return 0;
  /* Candidates: the sources of i's programmatic edges, and theirs, back
   * along programmatic edges only (a kernel may begin once its source
   * began). */
  uint32_t *cand = malloc(x->len * sizeof(*cand));
  uint8_t *in = calloc(x->len, 1), *seen = malloc(x->len);
  uint32_t *stack = malloc(x->len * sizeof(*stack));
  size_t n = 0;
  if (!cand || !in || !seen || !stack) {
    free(cand), free(in), free(seen), free(stack);
    return 0;
  }
  uint32_t nc = 0;
  cand[nc++] = i;
  for (uint32_t k = 0; k < nc; k++)
    for (uint32_t e = 0; e < x->npdl; e++)
      if (x->pdl[e].to == cand[k] && !in[x->pdl[e].from]) {
        in[x->pdl[e].from] = 1;
        cand[nc++] = x->pdl[e].from;
      }
  /* Those i is not ordered after anyway: none of i's ordinary dependencies
   * (which ended before i began) is reached from them. */
  const fnode *f = &x->n[i];
  for (uint32_t k = 1; k < nc; k++) {
    bool covered = false;
    for (uint32_t j = 0; j < f->ndeps && !covered; j++)
      if (!pdl_has(x->pdl, x->npdl, f->deps[j], i))
        covered = flat_reaches(x, cand[k], f->deps[j], seen, stack);
    if (!covered && n < max)
      out[n++] = cand[k];
  }
  free(cand), free(in), free(seen), free(stack);
  return n;
}
bool csan_gexec_merged(const csan_gexec *x) { return x->merged; }
uint64_t csan_gexec_launches(const csan_gexec *x) { return x->launches; }

static _Atomic uint64_t g_capture_errors;

void csan_graph_capture_error_add(void) {
  atomic_fetch_add(&g_capture_errors, 1);
}

uint64_t csan_graph_capture_errors(void) {
  return atomic_load(&g_capture_errors);
}

int csan_gexec_set_payload(csan_gexec *x, uint32_t top, uint64_t payload) {
  if (top >= x->ntop)
    return CSAN_MODEL_EINVAL;
  fnode *f = &x->n[x->top_flat[top]];
  if (f->pub.in_child)
    return CSAN_MODEL_EINVAL;
  f->pub.payload = payload;
  return CSAN_MODEL_OK;
}

/* Walks g as flatten did, giving each flat node its new payload. */
static void update_from(csan_gexec *x, const csan_graph *g, uint32_t *next) {
  uint32_t *order = malloc((g->len ? g->len : 1) * sizeof(*order));
  if (!order || topo_order(g, order) != CSAN_MODEL_OK) {
    free(order);
    return;
  }
  for (uint32_t k = 0; k < g->len; k++) {
    const gnode *n = &g->n[order[k]];
    if (n->kind == CSAN_GNODE_CHILD)
      update_from(x, n->child, next);
    x->n[(*next)++].pub.payload = n->payload;
  }
  free(order);
}

int csan_gexec_update(csan_gexec *x, const csan_graph *g) {
  if (!csan_graph_same_topology(x->shape, g))
    return CSAN_MODEL_EINVAL;
  uint32_t next = 0;
  update_from(x, g, &next);
  return CSAN_MODEL_OK;
}

/* A device reset destroyed every stream and event of the model: the exec's
 * lanes and events are made again. */
static int revive(csan_model *m, csan_gexec *x) {
  if (csan_model_stream_exists(m, csan_gexec_lane_key(x, 0)))
    return CSAN_MODEL_OK;
  x->launches = 0;
  return make_model_objects(m, x);
}

int csan_gexec_launch(csan_model *m, csan_gexec *x, csan_key stream, csan_gexec_issue_fn fn,
                      void *ctx) {
  int rc = revive(m, x);
  csan_key entry = (csan_key)(uintptr_t)&x->entry_key;
  csan_key done = (csan_key)(uintptr_t)&x->done_key;
  /* The entry: the stream's earlier work, and the previous launch. */
  if (rc == CSAN_MODEL_OK)
    rc = csan_model_event_record(m, entry, stream);
  for (uint32_t l = 0; rc == CSAN_MODEL_OK && l < x->nlanes; l++) {
    rc = csan_model_stream_wait_event(m, csan_gexec_lane_key(x, l), entry);
    if (rc == CSAN_MODEL_OK && x->launches)
      rc = csan_model_stream_wait_event(m, csan_gexec_lane_key(x, l), done);
  }
  /* The nodes, each after its dependencies on other lanes. */
  for (uint32_t i = 0; rc == CSAN_MODEL_OK && i < x->len; i++) {
    const fnode *f = &x->n[i];
    csan_key lane = csan_gexec_lane_key(x, f->pub.lane);
    for (uint32_t j = 0; rc == CSAN_MODEL_OK && j < f->ndeps; j++) {
      const fnode *d = &x->n[f->deps[j]];
      if (d->pub.lane != f->pub.lane)
        rc = csan_model_stream_wait_event(m, lane, ev_key(x, d->ev));
    }
    if (rc == CSAN_MODEL_OK && f->pub.kind != CSAN_GNODE_EMPTY)
      rc = fn(ctx, x, i, lane);
    if (rc == CSAN_MODEL_OK && f->ev >= 0)
      rc = csan_model_event_record(m, ev_key(x, f->ev), lane);
  }
  /* The exit: the stream's later work, and the next launch, wait for all. */
  for (uint32_t l = 0; rc == CSAN_MODEL_OK && l < x->nlanes; l++) {
    rc = csan_model_event_record(m, end_key(x, l), csan_gexec_lane_key(x, l));
    if (rc == CSAN_MODEL_OK)
      rc = csan_model_stream_wait_event(m, stream, end_key(x, l));
  }
  if (rc == CSAN_MODEL_OK)
    rc = csan_model_event_record(m, done, stream);
  x->launches++;
  return rc;
}
