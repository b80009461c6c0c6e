/* csan_rt_capture.c: where each graph node came from (csan_rt_capture.h).
 *
 * Node origins are kept by node handle, forks by (stream, capture id), for
 * the rest of the run: a handle CUDA hands out again (a destroyed graph's
 * node's) is overwritten when its new node is named, and one that never
 * is keeps an old name only if csan did not see the node made at all. */
#include "csan_rt_capture.h"

#include "csan_rt_ops.h"

#include <stdlib.h>
#include <string.h>

/* cudaStreamGetCaptureInfo took edge data in CUDA 12.3 (_v3) and became
 * that form in 13. */
#if CUDART_VERSION >= 13000
#define CAPTURE_INFO(s, st, id, deps, n) cudaStreamGetCaptureInfo(s, st, id, NULL, deps, NULL, n)
/* With the edges' data: a query without it fails on a programmatic (PDL)
 * edge (cudaErrorLossyQuery), which libraries' kernels may have. */
#define NODE_GET_DEPENDENTS(x, d, e, n) cudaGraphNodeGetDependentNodes(x, d, e, n)
#else
#define NODE_GET_DEPENDENTS(x, d, e, n) ((void)(e), cudaGraphNodeGetDependentNodes(x, d, n))
#define CAPTURE_INFO(s, st, id, deps, n) cudaStreamGetCaptureInfo_v2(s, st, id, NULL, deps, n)
#endif

/* ---- The origins (a hash table keyed by handle) -------------------------- */

typedef struct origin_slot {
  const void *key; /* a node handle, null when empty */
  csan_rt_node_origin o;
} origin_slot;

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static origin_slot *g_tab;
static size_t g_cap, g_len;

static size_t slot_of(const void *key, size_t cap) {
  uint64_t h = (uint64_t)(uintptr_t)key * 0x9e3779b97f4a7c15ull;
  return (size_t)(h >> 17) & (cap - 1);
}

/* Under g_mu. */
static void origin_put(const void *key, const csan_rt_node_origin *o) {
  if (2 * (g_len + 1) > g_cap) {
    size_t cap = g_cap ? 2 * g_cap : 256;
    origin_slot *t = calloc(cap, sizeof *t);
    if (!t)
      return; /* the node stays unnamed: its launch names it */
    for (size_t i = 0; i < g_cap; i++)
      if (g_tab[i].key) {
        size_t j = slot_of(g_tab[i].key, cap);
        while (t[j].key)
          j = (j + 1) & (cap - 1);
        t[j] = g_tab[i];
      }
    free(g_tab);
    g_tab = t;
    g_cap = cap;
  }
  size_t j = slot_of(key, g_cap);
  while (g_tab[j].key && g_tab[j].key != key)
    j = (j + 1) & (g_cap - 1);
  if (!g_tab[j].key)
    g_len++;
  g_tab[j].key = key;
  g_tab[j].o = *o;
}

bool csan_rt_node_origin_get(cudaGraphNode_t node, csan_rt_node_origin *out) {
  bool found = false;
  pthread_mutex_lock(&g_mu);
  if (g_cap && node) {
    size_t j = slot_of(node, g_cap);
    while (g_tab[j].key && g_tab[j].key != (const void *)node)
      j = (j + 1) & (g_cap - 1);
    if (g_tab[j].key) {
      *out = g_tab[j].o;
      found = true;
    }
  }
  pthread_mutex_unlock(&g_mu);
  return found;
}

static void origin_of(csan_rt_node_origin *o, const csan_host_site *site, const void *ra,
                      CUstream s) {
  memset(o, 0, sizeof *o);
  if (site)
    o->site = *site; /* by value: its strings are the compiler's constants */
  o->stack = csan_rt_stack(ra, site);
  o->stream = s;
}

void csan_rt_node_added(cudaGraphNode_t node, const csan_host_site *site, const void *ra) {
  if (!node)
    return;
  csan_rt_node_origin o;
  origin_of(&o, site, ra, NULL);
  pthread_mutex_lock(&g_mu);
  origin_put(node, &o);
  pthread_mutex_unlock(&g_mu);
}

void csan_rt_node_added_checked(cudaGraphNode_t node, const csan_host_site *site,
                                const void *ra) {
  if (!node)
    return;
  csan_rt_node_origin o;
  origin_of(&o, site, ra, NULL);
  o.lib_checked = true;
  pthread_mutex_lock(&g_mu);
  origin_put(node, &o);
  pthread_mutex_unlock(&g_mu);
}

void csan_rt_node_mark_checked(cudaGraphNode_t node) {
  if (!node)
    return;
  csan_rt_node_origin o;
  if (!csan_rt_node_origin_get(node, &o))
    memset(&o, 0, sizeof o);
  o.lib_checked = true;
  pthread_mutex_lock(&g_mu);
  origin_put(node, &o);
  pthread_mutex_unlock(&g_mu);
}

/* A graph's nodes (null when CUDA would not list them; *n == 0 is no
 * error). No second query for an empty list (the driver rejects it). */
static cudaGraphNode_t *graph_nodes(cudaGraph_t g, size_t *n) {
  *n = 0;
  if (cudaGraphGetNodes(g, NULL, n) != cudaSuccess)
    return NULL;
  cudaGraphNode_t *v = calloc(*n ? *n : 1, sizeof *v);
  if (v && *n && cudaGraphGetNodes(g, v, n) != cudaSuccess) {
    free(v);
    v = NULL;
  }
  return v;
}

void csan_rt_node_origins_copy(cudaGraph_t from, cudaGraph_t to) {
  size_t nf = 0, nt = 0;
  cudaGraphNode_t *f = graph_nodes(from, &nf), *t = graph_nodes(to, &nt);
  for (size_t i = 0; f && t && nf == nt && i < nf; i++) {
    enum cudaGraphNodeType tf, tt;
    if (cudaGraphNodeGetType(f[i], &tf) != cudaSuccess ||
        cudaGraphNodeGetType(t[i], &tt) != cudaSuccess || tf != tt)
      break; /* not paired: the rest keep the child node's name */
    csan_rt_node_origin o;
    if (csan_rt_node_origin_get(f[i], &o)) {
      pthread_mutex_lock(&g_mu);
      origin_put(t[i], &o);
      pthread_mutex_unlock(&g_mu);
    }
    cudaGraph_t cf, ct;
    if (tf == cudaGraphNodeTypeGraph && cudaGraphChildGraphNodeGetGraph(f[i], &cf) == cudaSuccess &&
        cudaGraphChildGraphNodeGetGraph(t[i], &ct) == cudaSuccess)
      csan_rt_node_origins_copy(cf, ct);
  }
  free(f);
  free(t);
}

/* ---- Forks ------------------------------------------------------------------ */

/* Per stream: its latest fork into a capture, and its latest capture
 * begun (id 0: the begin's capture id is not needed). */
typedef struct fork_rec {
  CUstream s;
  bool begin;
  unsigned long long id;
  csan_rt_node_origin o;
  struct fork_rec *next;
} fork_rec;

static fork_rec *g_forks;

static bool fork_get(CUstream s, bool begin, unsigned long long id, csan_rt_node_origin *out) {
  bool found = false;
  pthread_mutex_lock(&g_mu);
  for (fork_rec *f = g_forks; f && !found; f = f->next)
    if (f->s == s && f->begin == begin && f->id == id) {
      *out = f->o;
      found = true;
    }
  pthread_mutex_unlock(&g_mu);
  return found;
}

bool csan_rt_capture_fork_get(CUstream s, unsigned long long id, csan_rt_node_origin *out) {
  return fork_get(s, false, id, out);
}

bool csan_rt_capture_begin_get(CUstream s, csan_rt_node_origin *out) {
  return fork_get(s, true, 0, out);
}

static void fork_put(CUstream s, bool begin, unsigned long long id,
                     const csan_rt_node_origin *o) {
  pthread_mutex_lock(&g_mu);
  fork_rec *f = g_forks;
  while (f && (f->s != s || f->begin != begin))
    f = f->next; /* one record per stream and kind: the latest */
  if (!f && (f = calloc(1, sizeof *f))) {
    f->next = g_forks;
    g_forks = f;
  }
  if (f) {
    f->s = s;
    f->begin = begin;
    f->id = id;
    f->o = *o;
  }
  pthread_mutex_unlock(&g_mu);
}

/* ---- The noted call ------------------------------------------------------- */

typedef struct pending {
  bool set;
  bool wait;                /* a wait of a stream that was not capturing */
  CUstream s;
  unsigned long long id;    /* its capture before the call (0: none) */
  cudaGraphNode_t *before;  /* its capture dependencies before the call */
  size_t nbefore;
  cudaGraphNode_t lib_last; /* csan's last check node of the call, or null */
  csan_rt_node_origin o;
} pending;

static _Thread_local pending tl_pending;
/* Captures begun through csan and not ended: no wait is noted without one
 * (a note unwinds the host stack). */
static _Atomic int g_active;

void csan_rt_capture_begun(cudaStream_t s, bool pt, const csan_host_site *site, const void *ra) {
  atomic_fetch_add(&g_active, 1);
  csan_rt_node_origin o;
  origin_of(&o, site, ra, csan_rt_cu_stream(s, pt));
  fork_put(o.stream, true, 0, &o);
}

void csan_rt_capture_ended(void) {
  int n = atomic_load(&g_active);
  while (n > 0 && !atomic_compare_exchange_weak(&g_active, &n, n - 1))
    ;
}

/* The stream's capture now: its id and dependencies (0 when not active). */
static unsigned long long capture_now(CUstream s, const cudaGraphNode_t **deps, size_t *n) {
  enum cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
  unsigned long long id = 0;
  *deps = NULL;
  *n = 0;
  if (CAPTURE_INFO((cudaStream_t)s, &st, &id, deps, n) != cudaSuccess ||
      st != cudaStreamCaptureStatusActive) {
    *deps = NULL;
    *n = 0;
    return 0;
  }
  return id;
}

/* Library nodes walked at most per settled call: a call's own nodes are a
 * few; a walk this long left the call (see name_after). */
#define LIB_WALK_MAX 1024

/* Every node after `last` (csan's last check node of a library call), as
 * the call's: the library's nodes all depend on it (it was the capturing
 * stream's one dependency when the call began), and the thread's call
 * settles before it issues anything else, so the nodes after it are the
 * call's (another thread's work made after the call and ordered after it
 * would be taken for the call's too: README, Limits). Under g_mu. */
static void name_after(cudaGraphNode_t last, const csan_rt_node_origin *o) {
  cudaGraphNode_t *todo = malloc(LIB_WALK_MAX * sizeof *todo);
  size_t n = 0, head = 0;
  if (!todo)
    return;
  todo[n++] = last;
  while (head < n) {
    cudaGraphNode_t x = todo[head++];
    size_t nd = 0;
    if (NODE_GET_DEPENDENTS(x, NULL, NULL, &nd) != cudaSuccess || !nd)
      continue;
    cudaGraphNode_t *d = malloc(nd * sizeof *d);
    cudaGraphEdgeData *ed = calloc(nd, sizeof *ed);
    if (d && ed && NODE_GET_DEPENDENTS(x, d, ed, &nd) == cudaSuccess)
      for (size_t i = 0; i < nd; i++) {
        bool seen = false;
        for (size_t j = 0; j < n && !seen; j++)
          seen = todo[j] == d[i];
        if (seen || n == LIB_WALK_MAX)
          continue;
        todo[n++] = d[i];
        origin_put(d[i], o);
      }
    free(d);
    free(ed);
  }
  free(todo);
}

void csan_rt_capture_lib_checked(cudaGraphNode_t last) {
  pending *p = &tl_pending;
  if (!p->set || p->wait || !last)
    return;
  p->lib_last = last;
  p->o.lib_checked = true;
}

cudaGraphNode_t csan_rt_capture_last_node(CUstream s) {
  const cudaGraphNode_t *deps;
  size_t n;
  return capture_now(s, &deps, &n) && n == 1 ? deps[0] : NULL;
}

void csan_rt_capture_settle(void) {
  pending *p = &tl_pending;
  if (!p->set)
    return;
  p->set = false;
  const cudaGraphNode_t *deps;
  size_t n;
  unsigned long long id = capture_now(p->s, &deps, &n);
  if (id && id == p->id && p->lib_last) {
    pthread_mutex_lock(&g_mu);
    name_after(p->lib_last, &p->o);
    pthread_mutex_unlock(&g_mu);
  }
  p->lib_last = NULL;
  if (id && p->wait) {
    fork_put(p->s, false, id, &p->o); /* the wait joined the stream into a capture */
  } else if (id && id == p->id) {
    pthread_mutex_lock(&g_mu);
    for (size_t i = 0; i < n; i++) {
      bool old = false;
      for (size_t j = 0; j < p->nbefore && !old; j++)
        old = p->before[j] == deps[i];
      if (!old) /* a node this call added */
        origin_put(deps[i], &p->o);
    }
    pthread_mutex_unlock(&g_mu);
  }
  free(p->before);
  p->before = NULL;
  p->nbefore = 0;
}

static bool note(cudaStream_t s, bool pt, const csan_host_site *site, const void *ra, bool wait) {
  csan_rt_capture_settle();
  if (wait && !atomic_load_explicit(&g_active, memory_order_relaxed))
    return csan_rt_capturing(s, pt);
  bool capturing = csan_rt_capturing(s, pt);
  if (capturing == wait)
    return capturing; /* a wait in a capture, or work outside one: nothing to name */
  pending *p = &tl_pending;
  CUstream cs = csan_rt_cu_stream(s, pt);
  const cudaGraphNode_t *deps = NULL;
  size_t n = 0;
  p->id = capturing ? capture_now(cs, &deps, &n) : 0;
  if (capturing && !p->id)
    return capturing;
  p->before = n ? malloc(n * sizeof *p->before) : NULL;
  if (n && !p->before)
    return capturing;
  if (n)
    memcpy(p->before, deps, n * sizeof *deps);
  p->nbefore = n;
  p->s = cs;
  p->wait = wait;
  origin_of(&p->o, site, ra, cs);
  p->set = true;
  return capturing;
}

bool csan_rt_capture_op(cudaStream_t s, bool pt, const csan_host_site *site, const void *ra) {
  return note(s, pt, site, ra, false);
}

bool csan_rt_capture_wait(cudaStream_t s, bool pt, const csan_host_site *site, const void *ra) {
  return note(s, pt, site, ra, true);
}
