/* csan_rt_graph_inline.c: child graphs inlined into csan's copy of a graph
 * (csan_rt_graph_inline.h; DESIGN.md "CUDA graphs").
 *
 * CUDA sets exec parameters of top-level nodes only, so a kernel inside a
 * child graph could not get a context per launch. csan's copy therefore
 * holds the child's nodes themselves: each child node is replaced by
 * copies of its graph's nodes (after the child node's dependencies, before
 * its dependents), recursively. Ordering is unchanged (a child node is
 * complete when its graph's sinks are), and every kernel, copy and set of
 * the child becomes a top-level node of the copy, checked as any other.
 * The model keeps the program's structure (csan_graph inlines children
 * itself): the node map pairs each child node of the program's graph with its node
 * in the copy, matched by position (a clone keeps the order of nodes),
 * checked by kind and kernel. */
#include "csan_rt_graph_inline.h"

#include <stdlib.h>
#include <string.h>

/* CUDA 13 gave the edge functions edge data; 12.x has the short forms. */
#if CUDART_VERSION >= 13000
#define GRAPH_ADD_DEPS(g, f, t, n) cudaGraphAddDependencies(g, f, t, NULL, n)
#define NODE_GET_DEPS(x, d, n) cudaGraphNodeGetDependencies(x, d, NULL, n)
#define NODE_GET_DEPENDENTS(x, d, n) cudaGraphNodeGetDependentNodes(x, d, NULL, n)
#else
#define GRAPH_ADD_DEPS(g, f, t, n) cudaGraphAddDependencies(g, f, t, n)
#define NODE_GET_DEPS(x, d, n) cudaGraphNodeGetDependencies(x, d, n)
#define NODE_GET_DEPENDENTS(x, d, n) cudaGraphNodeGetDependentNodes(x, d, n)
#endif

static bool map_add(csan_rt_node_map *m, cudaGraphNode_t from, cudaGraphNode_t to) {
  if (m->n == m->cap) {
    size_t cap = m->cap ? 2 * m->cap : 16;
    cudaGraphNode_t *f = realloc(m->from, cap * sizeof *f);
    if (f)
      m->from = f;
    cudaGraphNode_t *t = f ? realloc(m->to, cap * sizeof *t) : NULL;
    if (!t)
      return false;
    m->to = t;
    m->cap = cap;
  }
  m->from[m->n] = from;
  m->to[m->n++] = to;
  return true;
}

cudaGraphNode_t csan_rt_node_map_get(const csan_rt_node_map *m, cudaGraphNode_t from) {
  for (size_t i = 0; i < m->n; i++)
    if (m->from[i] == from)
      return m->to[i];
  return NULL;
}

void csan_rt_node_map_free(csan_rt_node_map *m) {
  free(m->from);
  free(m->to);
  memset(m, 0, sizeof *m);
}

/* The clone's child node c stands for the program's o: same kind, and
 * for kernels the same kernel (positions are how they are paired). */
static bool same_node(cudaGraphNode_t c, cudaGraphNode_t o) {
  enum cudaGraphNodeType tc, to;
  if (cudaGraphNodeGetType(c, &tc) != cudaSuccess || cudaGraphNodeGetType(o, &to) != cudaSuccess ||
      tc != to)
    return false;
  if (tc != cudaGraphNodeTypeKernel)
    return true;
  struct cudaKernelNodeParams pc, po;
  if (cudaGraphKernelNodeGetParams(c, &pc) == cudaSuccess &&
      cudaGraphKernelNodeGetParams(o, &po) == cudaSuccess)
    return pc.func == po.func;
  cudaGetLastError();
  /* A node of a driver function (csan's check of a captured library call,
   * csan_rt_libcap.h): the driver knows it. */
  CUDA_KERNEL_NODE_PARAMS dc, dp;
  return csan_g.drv.cuGraphKernelNodeGetParams((CUgraphNode)c, &dc) == CUDA_SUCCESS &&
         csan_g.drv.cuGraphKernelNodeGetParams((CUgraphNode)o, &dp) == CUDA_SUCCESS &&
         dc.func == dp.func;
}

/* A copy of node n (of a child graph) in graph g after deps[0..nd). */
static bool copy_node(cudaGraphNode_t *out, cudaGraph_t g, cudaGraphNode_t n,
                      const cudaGraphNode_t *deps, size_t nd) {
  enum cudaGraphNodeType t;
  if (cudaGraphNodeGetType(n, &t) != cudaSuccess)
    return false;
  switch (t) {
  case cudaGraphNodeTypeKernel: {
    struct cudaKernelNodeParams p;
    if (cudaGraphKernelNodeGetParams(n, &p) == cudaSuccess)
      return cudaGraphAddKernelNode(out, g, deps, nd, &p) == cudaSuccess;
    cudaGetLastError();
    /* A driver function's node (csan's check of a captured library call,
     * csan_rt_libcap.h): copied through the driver, placeholder and all. */
    CUDA_KERNEL_NODE_PARAMS dp;
    return csan_g.drv.cuGraphKernelNodeGetParams((CUgraphNode)n, &dp) == CUDA_SUCCESS &&
           csan_g.drv.cuGraphAddKernelNode((CUgraphNode *)out, (CUgraph)g,
                                           (const CUgraphNode *)deps, nd, &dp) == CUDA_SUCCESS;
  }
  case cudaGraphNodeTypeMemcpy: {
    struct cudaMemcpy3DParms p;
    return cudaGraphMemcpyNodeGetParams(n, &p) == cudaSuccess &&
           cudaGraphAddMemcpyNode(out, g, deps, nd, &p) == cudaSuccess;
  }
  case cudaGraphNodeTypeMemset: {
    struct cudaMemsetParams p;
    return cudaGraphMemsetNodeGetParams(n, &p) == cudaSuccess &&
           cudaGraphAddMemsetNode(out, g, deps, nd, &p) == cudaSuccess;
  }
  case cudaGraphNodeTypeHost: {
    struct cudaHostNodeParams p;
    return cudaGraphHostNodeGetParams(n, &p) == cudaSuccess &&
           cudaGraphAddHostNode(out, g, deps, nd, &p) == cudaSuccess;
  }
  case cudaGraphNodeTypeEmpty:
    return cudaGraphAddEmptyNode(out, g, deps, nd) == cudaSuccess;
  case cudaGraphNodeTypeEventRecord: {
    cudaEvent_t e;
    return cudaGraphEventRecordNodeGetEvent(n, &e) == cudaSuccess &&
           cudaGraphAddEventRecordNode(out, g, deps, nd, e) == cudaSuccess;
  }
  case cudaGraphNodeTypeWaitEvent: {
    cudaEvent_t e;
    return cudaGraphEventWaitNodeGetEvent(n, &e) == cudaSuccess &&
           cudaGraphAddEventWaitNode(out, g, deps, nd, e) == cudaSuccess;
  }
  case cudaGraphNodeTypeGraph: {
    cudaGraph_t cg;
    return cudaGraphChildGraphNodeGetGraph(n, &cg) == cudaSuccess &&
           cudaGraphAddChildGraphNode(out, g, deps, nd, cg) == cudaSuccess;
  }
  default:
    return false; /* conditional nodes and kinds csan does not know stay children */
  }
}

/* Node lists of a graph, or of a node's dependencies / dependents. */
typedef struct node_list {
  cudaGraphNode_t *v;
  size_t n;
} node_list;

static bool list_nodes(cudaGraph_t g, node_list *l) {
  l->n = 0;
  l->v = NULL;
  if (cudaGraphGetNodes(g, NULL, &l->n) != cudaSuccess)
    return false;
  l->v = calloc(l->n ? l->n : 1, sizeof *l->v);
  /* No second query for an empty list: the driver rejects length 0. */
  return l->v && (!l->n || cudaGraphGetNodes(g, l->v, &l->n) == cudaSuccess);
}

static bool list_deps(cudaGraphNode_t x, bool dependents, node_list *l) {
  l->n = 0;
  l->v = NULL;
  if ((dependents ? NODE_GET_DEPENDENTS(x, NULL, &l->n) : NODE_GET_DEPS(x, NULL, &l->n)) !=
      cudaSuccess)
    return false;
  l->v = calloc(l->n ? l->n : 1, sizeof *l->v);
  if (!l->v)
    return false;
  if (!l->n)
    return true;
#if CUDART_VERSION >= 13000
  /* With the edges' data: a query without it fails on a programmatic (PDL)
   * edge (cudaErrorLossyQuery). The data is not kept: such an edge is
   * copied as a full dependency, as read_graph checks it (and says so). */
  cudaGraphEdgeData *ed = calloc(l->n, sizeof *ed);
  bool ok = ed && (dependents ? cudaGraphNodeGetDependentNodes(x, l->v, ed, &l->n)
                              : cudaGraphNodeGetDependencies(x, l->v, ed, &l->n)) == cudaSuccess;
  free(ed);
  return ok;
#else
  return (dependents ? NODE_GET_DEPENDENTS(x, l->v, &l->n) : NODE_GET_DEPS(x, l->v, &l->n)) ==
         cudaSuccess;
#endif
}

/* Replaces child node c of csan's copy (the program's child node orig) by
 * its graph's nodes. */
static bool inline_child(cudaGraph_t copy, csan_rt_node_map *m, cudaGraphNode_t c,
                         cudaGraphNode_t orig) {
  cudaGraph_t cg, og;
  node_list cn = {0}, on = {0}, pre = {0}, post = {0};
  cudaGraphNode_t *made = NULL;
  bool *inner_sink = NULL;
  bool ok = cudaGraphChildGraphNodeGetGraph(c, &cg) == cudaSuccess &&
            cudaGraphChildGraphNodeGetGraph(orig, &og) == cudaSuccess && list_nodes(cg, &cn) &&
            list_nodes(og, &on) && cn.n == on.n && list_deps(c, false, &pre) &&
            list_deps(c, true, &post);
  if (ok) {
    made = calloc(cn.n ? cn.n : 1, sizeof *made);
    inner_sink = calloc(cn.n ? cn.n : 1, sizeof *inner_sink);
    ok = made && inner_sink;
  }
  for (size_t i = 0; ok && i < cn.n; i++)
    ok = same_node(cn.v[i], on.v[i]);
  /* In topological order (rounds: a node whose dependencies are made). A
   * child's node after nothing in the child comes after the child node's
   * dependencies. */
  for (size_t done = 0, progress = 1; ok && done < cn.n && progress;) {
    progress = 0;
    for (size_t i = 0; ok && i < cn.n; i++) {
      if (made[i])
        continue;
      node_list d = {0};
      ok = list_deps(cn.v[i], false, &d);
      bool ready = true;
      for (size_t k = 0; ok && ready && k < d.n; k++) {
        size_t j = 0;
        while (j < cn.n && cn.v[j] != d.v[k])
          j++;
        ok = j < cn.n;
        ready = ok && made[j];
        if (ready)
          d.v[k] = made[j];
      }
      if (ok && ready) {
        ok = copy_node(&made[i], copy, cn.v[i], d.n ? d.v : pre.v, d.n ? d.n : pre.n) &&
             map_add(m, on.v[i], made[i]);
        done++;
        progress = 1;
      }
      free(d.v);
      inner_sink[i] = true;
    }
    ok = ok && (progress || done == cn.n);
  }
  for (size_t i = 0; ok && i < cn.n; i++) {
    node_list d = {0};
    ok = list_deps(cn.v[i], false, &d);
    for (size_t k = 0; ok && k < d.n; k++)
      for (size_t j = 0; j < cn.n; j++)
        if (cn.v[j] == d.v[k])
          inner_sink[j] = false;
    free(d.v);
  }
  /* The child node's dependents come after its graph's sinks (or, for an
   * empty child, after the child node's own dependencies). */
  for (size_t k = 0; ok && k < post.n; k++) {
    for (size_t i = 0; ok && i < cn.n; i++)
      if (inner_sink[i])
        ok = GRAPH_ADD_DEPS(copy, &made[i], &post.v[k], 1) == cudaSuccess;
    for (size_t i = 0; ok && !cn.n && i < pre.n; i++)
      ok = GRAPH_ADD_DEPS(copy, &pre.v[i], &post.v[k], 1) == cudaSuccess;
  }
  ok = ok && cudaGraphDestroyNode(c) == cudaSuccess;
  /* Children of the child, now children of the copy. */
  for (size_t i = 0; ok && i < cn.n; i++) {
    enum cudaGraphNodeType t;
    if (cudaGraphNodeGetType(made[i], &t) == cudaSuccess && t == cudaGraphNodeTypeGraph)
      ok = inline_child(copy, m, made[i], on.v[i]);
  }
  free(cn.v);
  free(on.v);
  free(pre.v);
  free(post.v);
  free(made);
  free(inner_sink);
  return ok;
}

bool csan_rt_graph_inline_children(cudaGraph_t copy, cudaGraph_t graph, csan_rt_node_map *m) {
  node_list top = {0};
  bool ok = list_nodes(graph, &top);
  for (size_t i = 0; ok && i < top.n; i++) {
    enum cudaGraphNodeType t;
    cudaGraphNode_t c;
    if (cudaGraphNodeGetType(top.v[i], &t) != cudaSuccess || t != cudaGraphNodeTypeGraph)
      continue;
    ok = cudaGraphNodeFindInClone(&c, top.v[i], copy) == cudaSuccess &&
         inline_child(copy, m, c, top.v[i]);
  }
  free(top.v);
  return ok;
}
