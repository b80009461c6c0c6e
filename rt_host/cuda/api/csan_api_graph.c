/* csan_api_graph.c: CUDA graphs (DESIGN.md, "CUDA graphs").
 *
 * Capture is not execution: work issued to a capturing stream is recorded
 * by CUDA and skipped by every family (csan_rt_capture_op, which also
 * notes where each node came from: csan_rt_capture.h), so it touches no
 * shadow and no clock. What a graph does is read when it is instantiated:
 * its nodes and edges (cudaGraphGetNodes/GetEdges, with edge data),
 * whatever made them.
 *
 * Instantiation makes an instrumented copy (cudaGraphClone) with its child
 * graphs inlined (csan_rt_graph_inline.h), whose kernel nodes run their
 * twins K__csan (cuGraphKernelNodeSetParams), and instantiates the copy:
 * the exec the program gets runs the twins. The topology goes to the core
 * (csan_graph.h), which makes the exec's lanes.
 *
 * A launch expands into the model (csan_gexec_launch): each node gets its
 * operation on its lane, and each kernel node's context is written into
 * the exec (cuGraphExecKernelNodeSetParams, which changes only later
 * launches) before the exec is launched as it is. Nothing is rebuilt or
 * serialized per launch; the host cost is one operation and one parameter
 * update per kernel node. The exec's launches are ordered (rule of
 * cudaGraphLaunch), so a context written for launch n+1 cannot reach a
 * still-running launch n.
 *
 * Memcpy and memset nodes get csan's range check as kernel nodes of the
 * copy, after the node's dependencies and before it, their contexts set
 * per launch like a kernel's.
 *
 * A library call captured into the graph brought its own range checks:
 * csan's kernel nodes captured before the call's (csan_rt_libcap.h),
 * recognized here by their placeholder and set per launch the same way,
 * each an operation named after the call (read_libcheck).
 *
 * CUDA clones no graph with memory alloc/free nodes, and removes no node or
 * edge from one (RT cudaGraphAddMemAllocNode, cudaGraphDestroyNode): csan
 * then switches the program's own kernel nodes to their twins for the
 * instantiation and puts them back after it (setting a node's parameters
 * is allowed), and adds no node, since it could not take it out again (its
 * copies and sets added before it had memory nodes are ordered, not
 * checked; counted; captured ones, and ones added once it has memory
 * nodes, carry csan's check nodes from their capture or add, as captured
 * library calls do: csan_api_copy.c, add_range_node). The memory nodes'
 * lifetimes are checked by csan's markers on the launch stream around the
 * launch, each with its node's clock (alloc_markers, free_markers).
 *
 * Reports name each node by the line that captured or added it and its
 * launch; failed captures (unjoined, invalidated) are reported and counted
 * as program errors; graph_dot draws a race inside one launch
 * (csan_rt_graph_dot.h).
 *
 * Not followed yet, and named once each and counted (csan_unchecked):
 * copies of CUDA arrays, children csan cannot inline (a conditional node
 * inside: ordered), kernels without a twin, conditional nodes and other
 * node kinds csan does not know (ordered), a launch-completion port on an
 * edge that is not programmatic (checked as a programmatic one).
 * Programmatic (PDL) edges: the downstream kernel's context before its
 * wait on the grid dependencies leaves out what it may overlap
 * (csan_gexec_pre_wait_clock).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csan_graph.h"
#include "csan_rt_allocs.h"
#include "csan_rt_capture.h"
#include "csan_rt_device.h"
#include "csan_rt_errors.h"
#include "csan_rt_graph_dot.h"
#include "csan_rt_graph_inline.h"
#include "csan_rt_kernels.h"
#include "csan_rt_libcap.h"
#include "csan_rt_ops.h"
#include "csan_rt_report.h"
#include "csan_rt_shadow.h"
#include "csan_rt_twins.h"
#include "csan_rt_vars.h"
#include "csan_rt_xfer.h"
#include "csan_unchecked.h"

/* CUDA 13 gave the edge functions edge data; 12.x has the short forms. */
#if CUDART_VERSION >= 13000
#define GRAPH_GET_EDGES(g, f, t, e, n) cudaGraphGetEdges(g, f, t, e, n)
#define GRAPH_ADD_DEPS(g, f, t, n) cudaGraphAddDependencies(g, f, t, NULL, n)
#define NODE_GET_DEPS(x, d, n) cudaGraphNodeGetDependencies(x, d, NULL, n)
#define NODE_GET_DEPENDENTS(x, d, n) cudaGraphNodeGetDependentNodes(x, d, NULL, n)
#else
#define NODE_GET_DEPENDENTS(x, d, n) cudaGraphNodeGetDependentNodes(x, d, n)
#define GRAPH_GET_EDGES(g, f, t, e, n) cudaGraphGetEdges_v2(g, f, t, e, n)
#define GRAPH_ADD_DEPS(g, f, t, n) cudaGraphAddDependencies(g, f, t, n)
#define NODE_GET_DEPS(x, d, n) cudaGraphNodeGetDependencies(x, d, n)
#endif

/* What csan knows of one node of an instantiated graph (or of a child). */
typedef struct gnode_info {
  csan_gnode_kind kind;
  cudaGraphNode_t orig; /* the node of the graph the program instantiated */
  cudaGraphNode_t copy; /* its node in csan's copy (top-level nodes) */
  twin_entry twin;      /* kernels */
  const void *func;     /* the program's kernel (in place: put back) */
  bool checked;         /* a kernel node that runs its twin */
  unsigned grid[3], block[3], shmem;
  unsigned char *args; /* the kernel's parameters, back to back */
  size_t *off;
  uint32_t nargs;
  cudaEvent_t event;
  /* memcpy / memset nodes: csan's range checks, kernel nodes of the copy
   * that run just before the node (its source, its destination). */
  cudaGraphNode_t chk[2];
  csan_rk_access_params rk[2];
  uint32_t nchk;
  uint64_t bytes;
  /* csan's check of a library call captured into the graph
   * (csan_rt_libcap.h): a kernel node of csan's own, checked like a
   * memcpy node's check (chk[0] is the node itself in csan's copy). */
  bool libchk;
  csan_rt_libcap lib;
  /* Where the node was captured or added (csan_rt_capture.h); inside a
   * child graph, where the child node was. */
  csan_rt_node_origin origin;
  bool have_origin;
  /* alloc / free nodes: the range (free: its address), and this launch's
   * operation of the node, for csan's markers on the launch stream. */
  uint64_t mbase, msize;
  csan_op mop;
  bool mop_ok;
} gnode_info;

typedef struct graph_rec {
  cudaGraphExec_t exec; /* the exec of csan's copy: what the program holds */
  cudaGraph_t copy;     /* csan's copy, or the program's graph (in_place) */
  bool in_place;        /* CUDA could not clone the graph (memory nodes) */
  csan_graph *g;
  csan_gexec *gx;
  gnode_info *info;
  size_t n, cap;
  csan_host_site site; /* where it was instantiated */
  csan_rt_dot_graph *dot; /* graph_dot: the exec as drawn (kept for the run) */
  /* csan's copy has its child graphs inlined: the program's child nodes
   * and their nodes in the copy. */
  csan_rt_node_map cmap;
  /* Memory nodes checked by markers around each launch (launch_markers):
   * csan's event after the last launch's free markers, and its stream. */
  bool mem_markers;
  bool has_pdl; /* a programmatic edge (kernel nodes that may overlap) */
  cudaEvent_t mem_done;
  cudaStream_t mem_last;
  bool mem_launched;
  bool auto_free; /* instantiated with cudaGraphInstantiateFlagAutoFreeOnLaunch */
  pthread_mutex_t mu;  /* launches and setters of this exec */
  struct graph_rec *next;
} graph_rec;

static pthread_mutex_t g_recs_mu = PTHREAD_MUTEX_INITIALIZER;
static graph_rec *g_recs;

static graph_rec *rec_find(cudaGraphExec_t x) {
  pthread_mutex_lock(&g_recs_mu);
  graph_rec *r = g_recs;
  while (r && r->exec != x)
    r = r->next;
  pthread_mutex_unlock(&g_recs_mu);
  return r;
}

static void info_free(gnode_info *info, size_t n) {
  for (size_t i = 0; i < n; i++) {
    free(info[i].args);
    free(info[i].off);
  }
  free(info);
}

static void rec_free(graph_rec *r) {
  if (r->gx)
    csan_gexec_destroy(csan_g.model, r->gx);
  csan_graph_destroy(r->g);
  info_free(r->info, r->n);
  if (r->copy && !r->in_place)
    cudaGraphDestroy(r->copy);
  csan_rt_node_map_free(&r->cmap);
  if (r->mem_done)
    cudaEventDestroy(r->mem_done);
  pthread_mutex_destroy(&r->mu);
  free(r);
}

/* Names a kind of node csan lets through (once) and counts it. */
static void unchecked(const char *name, const char *reason, const csan_host_site *site) {
  if (csan_unchecked_add(name, reason, site))
    csan_log_printf("csan: %s: %s (counted at exit)\n", name, reason);
}

static csan_gnode_kind kind_of(enum cudaGraphNodeType t) {
  switch (t) {
  case cudaGraphNodeTypeKernel: return CSAN_GNODE_KERNEL;
  case cudaGraphNodeTypeMemcpy: return CSAN_GNODE_MEMCPY;
  case cudaGraphNodeTypeMemset: return CSAN_GNODE_MEMSET;
  case cudaGraphNodeTypeHost: return CSAN_GNODE_HOST;
  case cudaGraphNodeTypeGraph: return CSAN_GNODE_CHILD;
  case cudaGraphNodeTypeEmpty: return CSAN_GNODE_EMPTY;
  case cudaGraphNodeTypeWaitEvent: return CSAN_GNODE_EVENT_WAIT;
  case cudaGraphNodeTypeEventRecord: return CSAN_GNODE_EVENT_RECORD;
  case cudaGraphNodeTypeMemAlloc: return CSAN_GNODE_MEM_ALLOC;
  case cudaGraphNodeTypeMemFree: return CSAN_GNODE_MEM_FREE;
  default: return CSAN_GNODE_UNCHECKED;
  }
}

/* The kernel's parameters, copied (their sizes from the driver). */
static bool copy_args(gnode_info *in, void **params) {
  uint32_t n = in->twin.nparams;
  in->off = calloc(n + 1, sizeof *in->off);
  size_t *size = calloc(n + 1, sizeof *size);
  size_t total = 0;
  bool ok = in->off && size;
  for (uint32_t i = 0; ok && i < n; i++) {
    size_t off = 0;
    ok = csan_g.drv.cuFuncGetParamInfo(in->twin.kernel, i, &off, &size[i]) == CUDA_SUCCESS;
    in->off[i] = total;
    total += (size[i] + 7) & ~(size_t)7; /* each value 8-byte aligned in the copy */
    in->off[i + 1] = total;
  }
  in->args = ok ? calloc(1, total ? total : 1) : NULL;
  for (uint32_t i = 0; in->args && i < n; i++)
    memcpy(in->args + in->off[i], params[i], size[i]); /* exactly the parameter's bytes */
  free(size);
  if (!in->args)
    return false;
  in->nargs = n;
  return true;
}

/* Kernel node parameters of the twin with context ctx, and post, the
 * context after its wait on the grid dependencies for a twin that takes
 * two (csan_abi.h, CSAN_CTX_F_PDL_PAIR). */
static CUresult set_twin(graph_rec *r, const gnode_info *in, const csan_launch_ctx *ctx,
                         const csan_launch_ctx *post, bool in_exec) {
  void *argv[CSAN_MAX_SLOTS];
  if (in->nargs + 1 > CSAN_MAX_SLOTS)
    return CUDA_ERROR_INVALID_VALUE;
  for (uint32_t i = 0; i < in->nargs; i++)
    argv[i] = in->args + in->off[i];
  csan_launch_ctx pair[CSAN_CTX_PAIR_COUNT];
  pair[0] = *ctx;
  if (in->twin.ctx_pair) {
    pair[1] = *post;
    csan_rt_ctx_pair(pair);
  }
  argv[in->nargs] = pair;
  CUDA_KERNEL_NODE_PARAMS p;
  memset(&p, 0, sizeof p);
  p.func = in->twin.twin;
  p.gridDimX = in->grid[0], p.gridDimY = in->grid[1], p.gridDimZ = in->grid[2];
  p.blockDimX = in->block[0], p.blockDimY = in->block[1], p.blockDimZ = in->block[2];
  p.sharedMemBytes = in->shmem;
  p.kernelParams = argv;
  return in_exec ? csan_g.drv.cuGraphExecKernelNodeSetParams((CUgraphExec)r->exec,
                                                             (CUgraphNode)in->copy, &p)
                 : csan_g.drv.cuGraphKernelNodeSetParams((CUgraphNode)in->copy, &p);
}

/* A kernel node: its twin and parameters; in csan's copy (top level) the
 * node is switched to the twin. */
static void read_kernel(graph_rec *r, gnode_info *in, bool top) {
  struct cudaKernelNodeParams p;
  /* The runtime cannot name a kernel it did not load (a library's, launched
   * through the driver): the call fails and would leave its error for the
   * program's next cudaGetLastError. */
  bool clean = csan_rt_err_save();
  cudaError_t e = cudaGraphKernelNodeGetParams(in->orig, &p);
  csan_rt_err_restore(clean, e);
  /* A library call's kernels are checked by csan's own check nodes. */
  if ((e != cudaSuccess || p.extra) && in->have_origin && in->origin.lib_checked)
    return;
  if (e != cudaSuccess) {
    unchecked("graph kernel node csan cannot read",
              "the CUDA runtime does not know the node's kernel (loaded through the driver)",
              in->have_origin ? &in->origin.site : &r->site);
    return;
  }
  if (p.extra) {
    unchecked("graph kernel node with extra parameters",
              "csan reads kernel parameters given as kernelParams only", &r->site);
    return;
  }
  in->twin = csan_rt_twin_get(p.func);
  in->func = p.func;
  in->grid[0] = p.gridDim.x, in->grid[1] = p.gridDim.y, in->grid[2] = p.gridDim.z;
  in->block[0] = p.blockDim.x, in->block[1] = p.blockDim.y, in->block[2] = p.blockDim.z;
  in->shmem = p.sharedMemBytes;
  if (!in->twin.twin) {
    /* A kernel of a library call whose footprint csan's own check nodes
     * check in the graph (csan_rt_libcap.h): covered, as the call is on a
     * stream. */
    if (in->have_origin && in->origin.lib_checked)
      return;
    /* Named at the line that made the node (a library call's kernels: that
     * call), else at the instantiation. */
    unchecked("graph kernel node without an instrumented twin",
              "the kernel's module was not built by csan",
              in->have_origin ? &in->origin.site : &r->site);
    return;
  }
  if (!in->copy) {
    unchecked("graph kernel node in a child graph csan could not inline",
              "CUDA updates exec parameters of top-level nodes only, and the child holds a "
              "node csan cannot copy (or the graph has memory nodes): the kernel runs "
              "unchecked (its ordering is followed)",
              &r->site);
    return;
  }
  csan_launch_ctx zero;
  memset(&zero, 0, sizeof zero);
  in->checked =
      copy_args(in, p.kernelParams) && set_twin(r, in, &zero, &zero, false) == CUDA_SUCCESS;
  if (!in->checked)
    unchecked("graph kernel node csan could not switch to its twin",
              "the driver refused the instrumented kernel's parameters", &r->site);
}

/* csan's check of a captured library call (csan_rt_libcap.h): named after
 * the call and its capture line; its region is set per launch with the
 * node's context (in csan's copy, or in place: the node is the program's
 * graph's already). */
static void read_libcheck(graph_rec *r, gnode_info *in) {
  in->libchk = true;
  in->origin.site = in->lib.site;
  in->origin.stack = in->lib.stack;
  in->have_origin = true;
  in->rk[0] = in->lib.rk;
  if (in->lib.failed)
    in->rk[0].width = 0; /* the call made no work: nothing to check */
  in->bytes = in->lib.rk.size;
  if (!in->copy) {
    unchecked("library call in a child graph csan could not inline",
              "CUDA updates exec parameters of top-level nodes only, and the child holds a "
              "node csan cannot copy: the call is not checked (its ordering is followed)",
              &r->site);
    return;
  }
  in->chk[0] = in->copy;
  in->nchk = 1;
}

/* The parameters of csan_rk_access over one side of a copy or set. */
static CUresult set_check(graph_rec *r, const gnode_info *in, uint32_t j, const csan_launch_ctx *ctx,
                          bool in_exec) {
  CUDA_KERNEL_NODE_PARAMS p;
  memset(&p, 0, sizeof p);
  void *args[] = {(void *)&in->rk[j], (void *)ctx};
  p.func = csan_g.rk_access;
  p.gridDimX = csan_rk_grid(csan_rk_access_items(&in->rk[j]), csan_g.max_blocks);
  p.gridDimY = p.gridDimZ = 1;
  p.blockDimX = CSAN_RK_BLOCK;
  p.blockDimY = p.blockDimZ = 1;
  p.kernelParams = args;
  return in_exec ? csan_g.drv.cuGraphExecKernelNodeSetParams((CUgraphExec)r->exec,
                                                             (CUgraphNode)in->chk[j], &p)
                 : csan_g.drv.cuGraphKernelNodeSetParams((CUgraphNode)in->chk[j], &p);
}

/* Adds a range check of [base, ...) to csan's copy: before the node (after
 * its own dependencies), or with `after`, right after it (before its
 * dependents: an alloc node's ALLOC tags). Only bytes csan tracks. */
static bool add_check(graph_rec *r, gnode_info *in, const void *base, uint64_t width,
                      uint64_t rows, uint64_t pitch, uint64_t slices, uint64_t slice_pitch,
                      uint32_t access, bool after) {
  csan_mem_class c = csan_rt_mem_class(base);
  if (c != CSAN_MEM_DEVICE_TRACKED && c != CSAN_MEM_PINNED)
    return true; /* nothing csan tracks: nothing to check */
  uint32_t j = in->nchk;
  csan_rk_access_params *k = &in->rk[j];
  memset(k, 0, sizeof *k);
  k->base = (uint64_t)(uintptr_t)base;
  k->width = width;
  k->rows = rows ? rows : 1;
  k->pitch = pitch;
  k->slices = slices ? slices : 1;
  k->slice_pitch = slice_pitch;
  k->size = in->bytes;
  k->access = access;
  size_t nd = 0;
  cudaError_t e = after ? NODE_GET_DEPENDENTS(in->copy, NULL, &nd) : NODE_GET_DEPS(in->copy, NULL, &nd);
  if (e != cudaSuccess)
    return false;
  cudaGraphNode_t *deps = calloc(nd ? nd : 1, sizeof *deps);
  bool ok = deps && (!nd || (after ? NODE_GET_DEPENDENTS(in->copy, deps, &nd)
                                    : NODE_GET_DEPS(in->copy, deps, &nd)) == cudaSuccess);
  csan_launch_ctx zero;
  memset(&zero, 0, sizeof zero);
  void *args[] = {k, &zero};
  CUDA_KERNEL_NODE_PARAMS p;
  memset(&p, 0, sizeof p);
  p.func = csan_g.rk_access;
  p.gridDimX = p.gridDimY = p.gridDimZ = 1;
  p.blockDimX = CSAN_RK_BLOCK;
  p.blockDimY = p.blockDimZ = 1;
  p.kernelParams = args;
  if (after) {
    ok = ok && csan_g.drv.cuGraphAddKernelNode((CUgraphNode *)&in->chk[j], (CUgraph)r->copy,
                                               (const CUgraphNode *)&in->copy, 1, &p) ==
                   CUDA_SUCCESS;
    for (size_t i = 0; ok && i < nd; i++)
      ok = GRAPH_ADD_DEPS(r->copy, &in->chk[j], &deps[i], 1) == cudaSuccess;
  } else {
    ok = ok && csan_g.drv.cuGraphAddKernelNode((CUgraphNode *)&in->chk[j], (CUgraph)r->copy,
                                               nd ? (const CUgraphNode *)deps : NULL, nd, &p) ==
                   CUDA_SUCCESS &&
         GRAPH_ADD_DEPS(r->copy, &in->chk[j], &in->copy, 1) == cudaSuccess;
  }
  free(deps);
  if (ok)
    in->nchk++;
  return ok;
}

/* A memcpy or memset node of the instantiated graph: its range checks. */
/* A 3-D copy's first source and destination bytes and its extent (width
 * in bytes, rows, slices; 0 rows or slices mean 1). */
typedef struct copy_shape {
  const char *src;
  char *dst;
  uint64_t w, h, d;
} copy_shape;

static copy_shape memcpy3d_shape(const struct cudaMemcpy3DParms *p) {
  copy_shape c;
  c.w = p->extent.width;
  c.h = p->extent.height ? p->extent.height : 1;
  c.d = p->extent.depth ? p->extent.depth : 1;
  c.src = (const char *)p->srcPtr.ptr + p->srcPos.x +
          (p->srcPos.y + p->srcPos.z * p->srcPtr.ysize) * p->srcPtr.pitch;
  c.dst = (char *)p->dstPtr.ptr + p->dstPos.x +
          (p->dstPos.y + p->dstPos.z * p->dstPtr.ysize) * p->dstPtr.pitch;
  return c;
}

static bool read_range_node(graph_rec *r, gnode_info *in) {
  if (in->kind == CSAN_GNODE_MEMSET) {
    struct cudaMemsetParams p;
    if (cudaGraphMemsetNodeGetParams(in->orig, &p) != cudaSuccess)
      return false;
    uint64_t w = (uint64_t)p.width * p.elementSize, h = p.height ? p.height : 1;
    in->bytes = w * h;
    return add_check(r, in, p.dst, w, h, p.pitch, 1, 0, CSAN_ACC_WRITE, false);
  }
  struct cudaMemcpy3DParms p;
  if (cudaGraphMemcpyNodeGetParams(in->orig, &p) != cudaSuccess || p.srcArray || p.dstArray)
    return false;
  copy_shape c = memcpy3d_shape(&p);
  in->bytes = c.w * c.h * c.d;
  /* The source is read before the destination is written. */
  return add_check(r, in, c.src, c.w, c.h, p.srcPtr.pitch, c.d, p.srcPtr.pitch * p.srcPtr.ysize,
                   CSAN_ACC_READ, false) &&
         add_check(r, in, c.dst, c.w, c.h, p.dstPtr.pitch, c.d, p.dstPtr.pitch * p.dstPtr.ysize,
                   CSAN_ACC_WRITE, false);
}

/* Memory nodes (DESIGN.md, "Memory nodes"): CUDA lets csan add no node to
 * such a graph, so their lifetimes are checked by markers on the launch
 * stream around cudaGraphLaunch, each with the operation of its node
 * (launch_markers). Not when CUDA may give two allocations of the graph
 * the same addresses (disjoint lifetimes, guide "Graph Memory Nodes",
 * address reuse): markers outside the graph would cross each other. The
 * shadow pages are made here: the addresses are the graph's for its life. */
static void read_memory_nodes(graph_rec *r) {
  bool any = false, overlap = false, unknown = false;
  for (size_t i = 0; i < r->n; i++) {
    const gnode_info *a = &r->info[i];
    if (a->kind == CSAN_GNODE_MEM_FREE)
      any = true;
    if (a->kind != CSAN_GNODE_MEM_ALLOC)
      continue;
    any = true;
    if (!a->mbase || !a->msize)
      unknown = true;
    for (size_t j = i + 1; j < r->n; j++) {
      const gnode_info *b = &r->info[j];
      if (b->kind == CSAN_GNODE_MEM_ALLOC && a->mbase < b->mbase + b->msize &&
          b->mbase < a->mbase + a->msize)
        overlap = true;
    }
  }
  if (!any)
    return;
  if (overlap || unknown) {
    unchecked("graph memory node",
              overlap ? "ordered, its lifetime not checked (CUDA gave two allocations of the "
                        "graph the same addresses, so csan's markers around the launch would "
                        "cross each other)"
                      : "ordered, its lifetime not checked (csan could not read its allocation)",
              &r->site);
    return;
  }
  for (size_t i = 0; i < r->n; i++)
    if (r->info[i].kind == CSAN_GNODE_MEM_ALLOC &&
        !csan_rt_shadow_pages(r->info[i].mbase, r->info[i].msize))
      return; /* no shadow: csan_rt_shadow_pages said why */
  r->mem_markers = cudaEventCreateWithFlags(&r->mem_done, cudaEventDisableTiming) == cudaSuccess;
  if (!r->mem_markers)
    unchecked("graph memory node",
              "ordered, its lifetime not checked (csan could not create its event)", &r->site);
}

/* Child graphs are inlined into csan's copy (csan_rt_graph_inline.c): r->cmap
 * pairs the program's child nodes with their copies. */
static cudaGraphNode_t cmap_get(const graph_rec *r, cudaGraphNode_t from) {
  return csan_rt_node_map_get(&r->cmap, from);
}

/* Reads graph src (top: the instantiated one, with csan's copy) into g:
 * node i of cudaGraphGetNodes is node i of g. A child graph's nodes that
 * csan did not see made take `parent`, the child node's origin. */
/* A graph's nodes and edges, as CUDA lists them (read_graph, find_unjoined). */
typedef struct graph_lists {
  cudaGraphNode_t *nodes, *from, *to;
  cudaGraphEdgeData *data; /* a query without it fails on edges that have some (PDL) */
  size_t n, ne;
} graph_lists;

static void graph_lists_free(graph_lists *l) {
  free(l->nodes);
  free(l->from);
  free(l->to);
  free(l->data);
}

/* False (nothing to free) when CUDA would not list them. No second query
 * for an empty list: the driver rejects a list of length 0
 * (cudaErrorInvalidValue; seen on the GPU, CUDA 13.0). */
static bool graph_lists_read(cudaGraph_t g, graph_lists *l) {
  memset(l, 0, sizeof *l);
  if (cudaGraphGetNodes(g, NULL, &l->n) != cudaSuccess ||
      GRAPH_GET_EDGES(g, NULL, NULL, NULL, &l->ne) != cudaSuccess)
    return false;
  l->nodes = calloc(l->n ? l->n : 1, sizeof *l->nodes);
  l->from = calloc(l->ne ? l->ne : 1, sizeof *l->from);
  l->to = calloc(l->ne ? l->ne : 1, sizeof *l->to);
  l->data = calloc(l->ne ? l->ne : 1, sizeof *l->data);
  bool ok = l->nodes && l->from && l->to && l->data &&
            (!l->n || cudaGraphGetNodes(g, l->nodes, &l->n) == cudaSuccess) &&
            (!l->ne || GRAPH_GET_EDGES(g, l->from, l->to, l->data, &l->ne) == cudaSuccess);
  if (!ok)
    graph_lists_free(l);
  return ok;
}

static bool read_graph(graph_rec *r, cudaGraph_t src, bool top, csan_graph *g,
                       const gnode_info *parent) {
  graph_lists lists;
  if (!graph_lists_read(src, &lists))
    return false;
  cudaGraphNode_t *nodes = lists.nodes, *from = lists.from, *to = lists.to;
  cudaGraphEdgeData *data = lists.data;
  size_t n = lists.n, ne = lists.ne;
  bool ok = true;
  for (size_t i = 0; ok && i < n; i++) {
    if (r->n == r->cap) {
      size_t cap = r->cap ? 2 * r->cap : 16;
      gnode_info *ni = realloc(r->info, cap * sizeof *ni);
      if (!ni) {
        ok = false;
        break;
      }
      r->info = ni;
      r->cap = cap;
    }
    size_t idx = r->n++;
    gnode_info *in = &r->info[idx];
    memset(in, 0, sizeof *in);
    in->orig = nodes[i];
    enum cudaGraphNodeType t = cudaGraphNodeTypeEmpty;
    cudaGraphNodeGetType(nodes[i], &t);
    in->kind = kind_of(t);
    in->have_origin = csan_rt_node_origin_get(nodes[i], &in->origin);
    if (!in->have_origin && parent && parent->have_origin) {
      in->origin = parent->origin;
      in->have_origin = true;
    }
    if (top && r->in_place)
      in->copy = nodes[i];
    else if (top)
      cudaGraphNodeFindInClone(&in->copy, nodes[i], r->copy);
    else
      in->copy = cmap_get(r, nodes[i]); /* inlined into the copy, or null */
    csan_graph *child = NULL;
    switch (in->kind) {
    case CSAN_GNODE_KERNEL:
      if (csan_rt_libcap_of(nodes[i], &in->lib))
        read_libcheck(r, in);
      else
        read_kernel(r, in, top);
      break;
    case CSAN_GNODE_EVENT_RECORD:
      cudaGraphEventRecordNodeGetEvent(nodes[i], &in->event);
      break;
    case CSAN_GNODE_EVENT_WAIT:
      cudaGraphEventWaitNodeGetEvent(nodes[i], &in->event);
      break;
    case CSAN_GNODE_MEMCPY:
    case CSAN_GNODE_MEMSET:
      break; /* range-checked below */
    case CSAN_GNODE_MEM_ALLOC: {
      struct cudaMemAllocNodeParams ap;
      memset(&ap, 0, sizeof ap);
      if (cudaGraphMemAllocNodeGetParams(nodes[i], &ap) == cudaSuccess) {
        in->mbase = (uint64_t)(uintptr_t)ap.dptr;
        in->msize = ap.bytesize;
      }
      break;
    }
    case CSAN_GNODE_MEM_FREE: {
      void *dptr = NULL;
      if (cudaGraphMemFreeNodeGetParams(nodes[i], &dptr) == cudaSuccess)
        in->mbase = (uint64_t)(uintptr_t)dptr;
      break;
    }
    case CSAN_GNODE_CHILD: {
      cudaGraph_t cg = NULL;
      child = csan_graph_create();
      gnode_info self = *in; /* read_graph may move the table */
      ok = child && cudaGraphChildGraphNodeGetGraph(nodes[i], &cg) == cudaSuccess &&
           read_graph(r, cg, false, child, &self);
      in = &r->info[idx]; /* read_graph may move the table */
      break;
    }
    case CSAN_GNODE_UNCHECKED:
      unchecked(t == cudaGraphNodeTypeConditional ? "graph conditional node"
                                                  : "graph node of a kind csan does not know",
                "csan does not follow it: its work is not checked (it orders only)",
                &r->site);
      break;
    default:
      break;
    }
    uint32_t id;
    if (ok && csan_graph_add_node(g, in->kind, idx, child, NULL, 0, &id) != CSAN_MODEL_OK)
      ok = false;
    csan_graph_destroy(child);
  }
  if (ok && top)
    read_memory_nodes(r);
  /* csan's range checks in its copy (none in the program's own graph),
   * once the whole graph is read (child graphs' nodes, inlined, too). */
  for (size_t k = 0; ok && top && k < r->n; k++) {
    gnode_info *in = &r->info[k];
    if (in->kind != CSAN_GNODE_MEMCPY && in->kind != CSAN_GNODE_MEMSET)
      continue;
    if (in->have_origin && in->origin.lib_checked)
      continue; /* captured: csan's check nodes stand before it (csan_api_copy.c) */
    if (r->in_place)
      unchecked("graph memcpy or memset node in a graph with memory nodes",
                "csan could not add its check to the program's graph (a CUDA array, or "
                "parameters or dependencies it could not read): ordered only",
                &r->site);
    else if (!in->copy)
      unchecked("graph memcpy or memset node in a child graph csan could not inline",
                "the child holds a node csan cannot copy: ordered only", &r->site);
    else if (!read_range_node(r, in))
      unchecked(in->kind == CSAN_GNODE_MEMCPY ? "graph memcpy node csan cannot check"
                                              : "graph memset node csan cannot check",
                "a CUDA array, or the driver refused csan's range check: ordered only",
                &r->site);
  }
  for (size_t e = 0; ok && e < ne; e++) {
    uint32_t a = UINT32_MAX, b = UINT32_MAX;
    for (size_t i = 0; i < n; i++) {
      if (nodes[i] == from[e])
        a = (uint32_t)i;
      if (nodes[i] == to[e])
        b = (uint32_t)i;
    }
    ok = a != UINT32_MAX && b != UINT32_MAX && csan_graph_add_edge(g, a, b) == CSAN_MODEL_OK;
    if (ok && (data[e].type != cudaGraphDependencyTypeDefault || data[e].from_port)) {
      /* PDL: the downstream kernel may begin before the upstream one ends;
       * only its part after cudaGridDependencySynchronize is ordered after
       * it. Its twin's context before the wait leaves the upstream kernel
       * out (csan_gexec_pre_wait_clock). */
      ok = csan_graph_set_programmatic(g, a, b) == CSAN_MODEL_OK;
      r->has_pdl = true;
      if (data[e].type != cudaGraphDependencyTypeProgrammatic)
        /* A port without a programmatic edge: the downstream kernel may
         * begin once the upstream one's blocks began, and nothing in CUDA
         * says its wait then waits for the upstream kernel. */
        unchecked("graph launch-completion dependency that is not programmatic",
                  "the downstream kernel's part after cudaGridDependencySynchronize is "
                  "checked as ordered after the upstream kernel",
                  &r->site);
    }
  }
  graph_lists_free(&lists);
  return ok;
}

static bool memcpy3d_xfer(csan_rt_xfer *x, const char *api, const struct cudaMemcpy3DParms *p);
static void memset_xfer(csan_rt_xfer *x, const char *api, const struct cudaMemsetParams *p);

/* A graph with memory nodes (instantiated in place): its copies and sets
 * that have no check of csan's yet (added before the graph had memory
 * nodes) get csan's check nodes now, in the program's graph, once: a chain
 * after the node's dependencies and an edge from it to the node (adding is
 * allowed in such a graph, removing is not). Before the graph is read, so
 * the read sees the checks. False for a node it could not do. */
static void late_checks(cudaGraph_t graph) {
  size_t n = 0;
  if (cudaGraphGetNodes(graph, NULL, &n) != cudaSuccess || !n) {
    cudaGetLastError();
    return;
  }
  cudaGraphNode_t *v = calloc(n, sizeof *v);
  if (!v || cudaGraphGetNodes(graph, v, &n) != cudaSuccess) {
    cudaGetLastError();
    free(v);
    return;
  }
  for (size_t i = 0; i < n; i++) {
    enum cudaGraphNodeType t;
    if (cudaGraphNodeGetType(v[i], &t) != cudaSuccess ||
        (t != cudaGraphNodeTypeMemcpy && t != cudaGraphNodeTypeMemset))
      continue;
    csan_rt_node_origin o;
    bool have = csan_rt_node_origin_get(v[i], &o);
    if (have && o.lib_checked)
      continue;
    csan_rt_xfer x;
    bool ok = false;
    if (t == cudaGraphNodeTypeMemset) {
      struct cudaMemsetParams p;
      if (cudaGraphMemsetNodeGetParams(v[i], &p) == cudaSuccess) {
        memset_xfer(&x, "graph memset node", &p);
        ok = true;
      }
    } else {
      struct cudaMemcpy3DParms p;
      ok = cudaGraphMemcpyNodeGetParams(v[i], &p) == cudaSuccess &&
           memcpy3d_xfer(&x, "graph memcpy node", &p);
    }
    if (!ok) {
      cudaGetLastError();
      continue;
    }
    x.stack = have ? o.stack : 0;
    size_t nd = 0;
    cudaGraphNode_t *deps = NULL;
    bool got = NODE_GET_DEPS(v[i], NULL, &nd) == cudaSuccess;
    if (got && nd) {
      deps = calloc(nd, sizeof *deps);
      got = deps && NODE_GET_DEPS(v[i], deps, &nd) == cudaSuccess;
    }
    csan_rt_libcap_call cc;
    cudaGraphNode_t chk = NULL;
    if (got)
      csan_rt_libcap_add(&cc, graph, deps, nd, &x, have ? &o.site : NULL, NULL, &chk);
    csan_rt_xfer_free(&x);
    free(deps);
    if (chk && GRAPH_ADD_DEPS(graph, &chk, &v[i], 1) == cudaSuccess)
      csan_rt_node_mark_checked(v[i]);
    else if (chk)
      csan_rt_libcap_end(&cc, false); /* not before the node: checks nothing */
    cudaGetLastError();
  }
  free(v);
}

/* A new record for graph `graph`: csan's copy and the topology. The
 * program's __device__ variables are resolved first, as at a launch: a copy
 * node to one (cudaGraphAddMemcpyNodeToSymbol, or a pointer from
 * cudaGetSymbolAddress) gets its range check only on tracked memory. */
static graph_rec *rec_make(cudaGraph_t graph, const csan_host_site *site) {
  csan_rt_vars_resolve();
  graph_rec *r = calloc(1, sizeof *r);
  if (!r)
    return NULL;
  pthread_mutex_init(&r->mu, NULL);
  if (site)
    r->site = *site;
  r->g = csan_graph_create();
  if (r->g && cudaGraphClone(&r->copy, graph) != cudaSuccess) {
    /* CUDA clones no graph with memory nodes: csan switches the program's
     * own kernel nodes to their twins for the instantiation and puts them
     * back after it (restore_in_place); it adds no node of its own. */
    cudaGetLastError();
    r->copy = graph;
    r->in_place = true;
    late_checks(graph);
  }
  if (r->g && !r->in_place && !csan_rt_graph_inline_children(r->copy, graph, &r->cmap)) {
    /* A kind csan cannot copy (a conditional node) in a child: the copy
     * keeps its children, whose nodes run unchecked (read_kernel says so). */
    cudaGetLastError();
    cudaGraphDestroy(r->copy);
    csan_rt_node_map_free(&r->cmap);
    if (cudaGraphClone(&r->copy, graph) != cudaSuccess) {
      r->copy = NULL;
      rec_free(r);
      return NULL;
    }
  }
  if (!r->g || !read_graph(r, graph, true, r->g, NULL)) {
    rec_free(r);
    return NULL;
  }
  return r;
}

/* In place: the program's kernel nodes get their own kernels back (the
 * exec keeps the twins it was instantiated with). */
static void restore_in_place(graph_rec *r) {
  for (size_t i = 0; r->in_place && i < r->n; i++) {
    gnode_info *in = &r->info[i];
    if (!in->checked || !in->copy)
      continue;
    void *argv[CSAN_MAX_SLOTS];
    for (uint32_t j = 0; j < in->nargs && j < CSAN_MAX_SLOTS; j++)
      argv[j] = in->args + in->off[j];
    struct cudaKernelNodeParams p;
    memset(&p, 0, sizeof p);
    p.func = (void *)in->func;
    p.gridDim = (dim3){in->grid[0], in->grid[1], in->grid[2]};
    p.blockDim = (dim3){in->block[0], in->block[1], in->block[2]};
    p.sharedMemBytes = in->shmem;
    p.kernelParams = argv;
    cudaGraphKernelNodeSetParams(in->copy, &p);
  }
}

/* ---- Pictures (CSAN_OPTIONS=graph_dot; csan_rt_graph_dot.c) --------------- */

/* A node's label: what it is, and the line that captured or added it
 * (the file's base name: the picture stays small). */
static char *dot_label(const gnode_info *in, csan_gnode_kind kind) {
  char buf[1024];
  const char *what = in->libchk                               ? in->lib.api
                     : kind == CSAN_GNODE_KERNEL && in->twin.name ? csan_demangle(in->twin.name)
                                                                  : "";
  const char *file = in->have_origin && in->origin.site.file ? in->origin.site.file : "?";
  const char *base = strrchr(file, '/');
  /* csan's check of a captured library call stands for the call. */
  const char *kname = in->libchk ? "library call" : csan_gnode_kind_name(kind);
  snprintf(buf, sizeof buf, "%s%s%s\\n%s:%u", kname, *what ? " " : "", what,
           base ? base + 1 : file, in->have_origin ? in->origin.site.line : 0);
  for (char *c = buf; *c; c++)
    if (*c == '"')
      *c = '\''; /* nothing in a label closes it */
  return strdup(buf);
}

/* The exec's drawing: every node's label and dependencies. */
static csan_rt_dot_graph *dot_make(const graph_rec *r) {
  uint32_t n = csan_gexec_count(r->gx), nd = 0;
  for (uint32_t i = 0; i < n; i++) {
    const uint32_t *deps;
    nd += (uint32_t)csan_gexec_deps(r->gx, i, &deps);
  }
  char **labels = calloc(n ? n : 1, sizeof *labels);
  uint32_t *start = calloc(n + 1, sizeof *start), *all = calloc(nd ? nd : 1, sizeof *all);
  csan_rt_dot_graph *d = NULL;
  if (labels && start && all) {
    for (uint32_t i = 0, k = 0; i < n; i++) {
      const csan_gexec_node *node = csan_gexec_node_at(r->gx, i);
      labels[i] = dot_label(&r->info[node->payload], node->kind);
      const uint32_t *deps;
      size_t m = csan_gexec_deps(r->gx, i, &deps);
      start[i] = k;
      for (size_t j = 0; j < m; j++)
        all[k++] = deps[j];
      start[i + 1] = k;
    }
    d = csan_rt_dot_graph_make(n, (const char *const *)labels, start, all);
  }
  for (uint32_t i = 0; labels && i < n; i++)
    free(labels[i]);
  free(labels);
  free(start);
  free(all);
  return d;
}

static cudaError_t instantiate(cudaGraphExec_t *pExec, cudaGraph_t graph,
                               unsigned long long flags, const csan_host_site *site,
                               bool with_flags) {
  csan_rt_init();
  graph_rec *r = csan_rt_active() && pExec ? rec_make(graph, site) : NULL;
  if (csan_rt_active() && pExec && !r)
    unchecked("graph csan could not read",
              "its nodes, edges or copy could not be read: its launches run unchecked", site);
  cudaGraph_t what = r ? r->copy : graph;
  cudaError_t e = with_flags ? cudaGraphInstantiateWithFlags(pExec, what, flags)
                             : cudaGraphInstantiate(pExec, what, flags);
  if (!r)
    return e;
  restore_in_place(r);
  if (e != cudaSuccess ||
      csan_gexec_create(csan_g.model, r->g, CSAN_GRAPH_MAX_LANES, &r->gx) != CSAN_MODEL_OK) {
    if (e == cudaSuccess) { /* no lanes: the program's own graph, unchecked */
      unchecked("graph exec without lanes", "no stream slot was free for its lanes", site);
      /* Its exec goes first: a graph with memory nodes may have only one
       * (RT cudaGraphInstantiate), and in place it is the same graph. */
      cudaGraphExecDestroy(*pExec);
    }
    rec_free(r);
    return e == cudaSuccess ? (with_flags ? cudaGraphInstantiateWithFlags(pExec, graph, flags)
                                          : cudaGraphInstantiate(pExec, graph, flags))
                            : e;
  }
  if (csan_gexec_merged(r->gx))
    csan_log_printf("csan: a graph instantiated at %s:%u is wider than %u lanes: some of "
                    "its nodes are checked as ordered\n",
                    site && site->file ? site->file : "?", site ? site->line : 0,
                    CSAN_GRAPH_MAX_LANES);
  if (csan_g.flags.graph_dot[0])
    r->dot = dot_make(r);
  r->auto_free = (flags & cudaGraphInstantiateFlagAutoFreeOnLaunch) != 0;
  r->exec = *pExec;
  pthread_mutex_lock(&g_recs_mu);
  r->next = g_recs;
  g_recs = r;
  pthread_mutex_unlock(&g_recs_mu);
  return e;
}

CSAN_EXPORT cudaError_t __csan_cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                    unsigned long long flags,
                                                    const csan_host_site *site) {
  return instantiate(pGraphExec, graph, flags, site, false);
}

CSAN_EXPORT cudaError_t __csan_cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec,
                                                             cudaGraph_t graph,
                                                             unsigned long long flags,
                                                             const csan_host_site *site) {
  return instantiate(pGraphExec, graph, flags, site, true);
}

CSAN_EXPORT cudaError_t __csan_cudaGraphExecDestroy(cudaGraphExec_t x,
                                                    const csan_host_site *site) {
  (void)site;
  pthread_mutex_lock(&g_recs_mu);
  graph_rec **pp = &g_recs;
  while (*pp && (*pp)->exec != x)
    pp = &(*pp)->next;
  graph_rec *r = *pp;
  if (r)
    *pp = r->next;
  pthread_mutex_unlock(&g_recs_mu);
  cudaError_t e = cudaGraphExecDestroy(x);
  if (r)
    rec_free(r);
  return e;
}

/* ---- Launches ------------------------------------------------------------ */

typedef struct launch_ctx {
  graph_rec *r;
  const csan_host_site *site;
  uint32_t stack;
  const char *stream_name; /* "<stream> (graph launched at <file>:<line>)" */
  bool failed;
  uint64_t launch;       /* graph_dot: this launch's number, else 0 */
  const char *launch_at; /* graph_dot: "file:line" */
  uint64_t *op_at;       /* per flat node: its operation's slot << 32 | epoch, 0: none */
} launch_ctx;

/* Node i of the launch issued op (for graph_dot, and for the nodes that
 * programmatic edges let others overlap). */
static void dot_note_op(const launch_ctx *l, const csan_op *op, uint32_t i) {
  if (l->op_at)
    l->op_at[i] = csan_gexec_mark(op->slot, op->epoch);
  if (l->launch && l->r->dot)
    csan_rt_dot_note_op(l->r->dot, i, l->launch, l->launch_at, op->slot, op->epoch);
}

/* csan_gexec_issue_fn: one node of a launch. */
static int issue_node(void *arg, const csan_gexec *x, uint32_t i, csan_key lane) {
  launch_ctx *l = arg;
  const csan_gexec_node *node = csan_gexec_node_at(x, i);
  gnode_info *in = &l->r->info[node->payload];
  csan_rt_op_desc d;
  memset(&d, 0, sizeof d);
  /* A node is named by the line that captured or added it, and its stream
   * by the launch. */
  d.site = in->have_origin ? &in->origin.site : l->site;
  d.stack = in->have_origin ? in->origin.stack : l->stack;
  csan_op op;
  switch (node->kind) {
  case CSAN_GNODE_KERNEL: {
    if (in->libchk) {
      /* The library call, as on a stream: one operation named after it,
       * its footprint checked by csan's node just before the call's own. */
      d.kind = CSAN_OPK_LIBRARY;
      d.what = in->lib.api;
      d.bytes = in->bytes;
      if (!csan_rt_lane_op(&op, lane, &d, l->stream_name))
        break;
      dot_note_op(l, &op, i);
      csan_launch_ctx c;
      csan_rt_ctx_fill(&c, &op, CSAN_CTX_F_RANGE_OP);
      for (uint32_t j = 0; j < in->nchk; j++)
        if (set_check(l->r, in, j, &c, true) != CUDA_SUCCESS)
          l->failed = true;
      break;
    }
    d.kind = CSAN_OPK_KERNEL;
    d.what = in->twin.name ? in->twin.name : "graph kernel node";
    d.module = in->twin.module;
    if (!csan_rt_lane_op(&op, lane, &d, l->stream_name))
      break;
    dot_note_op(l, &op, i);
    if (!in->checked)
      break;
    csan_launch_ctx post, pre;
    csan_rt_ctx_fill(&post, &op,
                     csan_g.flags.warp_aggregation ? 0 : CSAN_CTX_F_NO_WARP_AGGREGATION);
    pre = post;
    csan_gexec_pre_wait_clock(x, i, l->op_at, pre.vc);
    if (set_twin(l->r, in, &pre, &post, true) != CUDA_SUCCESS)
      l->failed = true;
    break;
  }
  case CSAN_GNODE_MEMCPY:
  case CSAN_GNODE_MEMSET:
  case CSAN_GNODE_MEM_ALLOC:
  case CSAN_GNODE_MEM_FREE: {
    d.kind = node->kind == CSAN_GNODE_MEMCPY      ? CSAN_OPK_COPY
             : node->kind == CSAN_GNODE_MEMSET    ? CSAN_OPK_SET
             : node->kind == CSAN_GNODE_MEM_ALLOC ? CSAN_OPK_ALLOC
                                                  : CSAN_OPK_FREE;
    d.what = node->kind == CSAN_GNODE_MEMCPY      ? "cudaMemcpy (graph node)"
             : node->kind == CSAN_GNODE_MEMSET    ? "cudaMemset (graph node)"
             : node->kind == CSAN_GNODE_MEM_ALLOC ? "graph alloc node"
                                                  : "graph free node";
    d.bytes = node->kind == CSAN_GNODE_MEM_ALLOC ? in->msize : in->bytes;
    in->mop_ok = false;
    if (!csan_rt_lane_op(&op, lane, &d, l->stream_name))
      break;
    dot_note_op(l, &op, i);
    in->mop = op;
    in->mop_ok = true;
    csan_launch_ctx c;
    csan_rt_ctx_fill(&c, &op, CSAN_CTX_F_RANGE_OP);
    for (uint32_t j = 0; j < in->nchk; j++)
      if (set_check(l->r, in, j, &c, true) != CUDA_SUCCESS)
        l->failed = true;
    break;
  }
  case CSAN_GNODE_HOST:
    d.kind = CSAN_OPK_HOST_FUNC;
    d.what = "host function (graph node)";
    if (csan_rt_lane_op(&op, lane, &d, l->stream_name))
      dot_note_op(l, &op, i);
    break;
  case CSAN_GNODE_EVENT_RECORD: {
    csan_key k = csan_rt_event_key(in->event);
    csan_rt_event_ensure(k);
    csan_model_event_record(csan_g.model, k, lane);
    break;
  }
  case CSAN_GNODE_EVENT_WAIT:
    csan_model_stream_wait_event(csan_g.model, lane, csan_rt_event_key(in->event));
    break;
  default:
    break;
  }
  return 0;
}

/* ---- Memory nodes: markers around the launch (DESIGN.md, "Memory nodes") ----
 * The shadow compares vector clocks, not device time: a marker with the
 * operation of its node, run on the launch stream before (alloc) or after
 * (free) the whole graph, meets every node's accesses as that node would.
 * A node not ordered after the alloc node runs after ALLOC|WRITE without
 * its clock (a race on fresh memory); a node not ordered before the free
 * node has run before FREE|WRITE whose clock lacks it (use after free);
 * stream work after the launch meets FREE. */

/* An alloc node's range as the stream-ordered allocator's: registry entry
 * made by the node's operation, EMPTY then ALLOC|WRITE on the launch stream.
 * Launch n's free markers must have run before (in device time): on another
 * stream, csan's own event orders them; CUDA orders the launches anyway
 * (RT cudaGraphLaunch), so this delays nothing, and csan's event is no
 * model operation (called past the wrappers: the program's order in the
 * model is untouched). */
static void alloc_markers(graph_rec *r, cudaStream_t s, bool pt, csan_key key,
                          const csan_host_site *site, uint32_t stack) {
  if (r->mem_launched && r->mem_last != s)
    cudaStreamWaitEvent(s, r->mem_done, 0);
  CUstream cu = csan_rt_cu_stream(s, pt);
  for (size_t i = 0; i < r->n; i++) {
    gnode_info *in = &r->info[i];
    if (in->kind != CSAN_GNODE_MEM_ALLOC || !in->mop_ok)
      continue;
    csan_alloc_info old, info;
    memset(&info, 0, sizeof info);
    info.base = in->mbase;
    info.size = in->msize;
    info.flags = CSAN_ALLOC_DEVICE | CSAN_ALLOC_STREAM_ORDERED;
    const csan_host_site *at = in->have_origin ? &in->origin.site : site;
    csan_rt_alloc_event(&info.made, "graph alloc node", at,
                        in->have_origin ? in->origin.stack : stack);
    info.made.op_id = in->mop.op_id;
    info.made.slot = in->mop.slot;
    info.made.epoch = in->mop.epoch;
    info.made.stream = key;
    /* The pages exist since instantiation unless a device reset dropped
     * the shadow; no model lock is held here (this may wait). */
    if (!csan_rt_shadow_pages(in->mbase, in->msize))
      continue;
    bool again = false, live;
    csan_rt_allocs_lock();
    /* Still live from the last launch: freed by this one with auto-free on
     * launch (RT cudaGraphInstantiateFlagAutoFreeOnLaunch); without it CUDA
     * refuses the launch, and the allocation the program still holds keeps
     * its entry and its records. */
    live = csan_rt_alloc_find_live((const void *)(uintptr_t)in->mbase, &old);
    if (live && r->auto_free && old.base == in->mbase) {
      csan_alloc_event ev = info.made;
      ev.api = "graph relaunch (auto-free on launch)";
      again = csan_allocs_remove(csan_g.allocs, old.base, &ev, NULL) == CSAN_ALLOC_OK;
      live = !again;
    }
    if (!live)
      csan_rt_alloc_add(&info);
    csan_rt_allocs_unlock();
    if (live)
      continue;
    csan_launch_ctx ctx;
    csan_rt_ctx_fill(&ctx, &in->mop, CSAN_CTX_F_RANGE_OP);
    csan_region rg = csan_region_linear(in->mbase, in->msize);
    /* The auto-free is this launch's, at the alloc node: users of the old
     * allocation the launch is not ordered after meet it before EMPTY
     * drops their records. */
    if (again)
      csan_rt_shadow_access(cu, &ctx, &rg, in->msize, CSAN_ACC_FREE | CSAN_ACC_WRITE);
    csan_rt_shadow_empty_on(cu, in->mbase, in->msize);
    csan_rt_shadow_access(cu, &ctx, &rg, in->msize, CSAN_ACC_ALLOC | CSAN_ACC_WRITE);
    if (!again)
      csan_rt_shadow_tracked((int64_t)in->msize);
  }
}

/* Each free node's FREE|WRITE on the launch stream after the graph, with
 * the free node's operation; then csan's event for the next launch. An
 * allocation the graph does not free keeps its entry (a later cudaFree,
 * cudaFreeAsync or auto-free on launch frees it). */
static void free_markers(graph_rec *r, cudaStream_t s, bool pt, csan_key key,
                         const csan_host_site *site, uint32_t stack) {
  CUstream cu = csan_rt_cu_stream(s, pt);
  for (size_t i = 0; i < r->n; i++) {
    gnode_info *in = &r->info[i];
    if (in->kind != CSAN_GNODE_MEM_FREE || !in->mop_ok)
      continue;
    csan_alloc_event ev;
    csan_rt_alloc_event(&ev, "graph free node", in->have_origin ? &in->origin.site : site,
                        in->have_origin ? in->origin.stack : stack);
    ev.op_id = in->mop.op_id;
    ev.slot = in->mop.slot;
    ev.epoch = in->mop.epoch;
    ev.stream = key;
    csan_alloc_info a;
    csan_rt_allocs_lock();
    bool removed = csan_rt_alloc_find_live((const void *)(uintptr_t)in->mbase, &a) &&
                   csan_rt_is_device_memory(&a) &&
                   csan_allocs_remove(csan_g.allocs, a.base, &ev, NULL) == CSAN_ALLOC_OK;
    csan_rt_allocs_unlock();
    if (!removed)
      continue; /* memory csan does not track */
    csan_launch_ctx ctx;
    csan_rt_ctx_fill(&ctx, &in->mop, CSAN_CTX_F_RANGE_OP);
    csan_region rg = csan_region_linear(a.base, a.size);
    csan_rt_shadow_access(cu, &ctx, &rg, a.size, CSAN_ACC_FREE | CSAN_ACC_WRITE);
    csan_rt_shadow_tracked(-(int64_t)a.size);
  }
  r->mem_launched = cudaEventRecord(r->mem_done, s) == cudaSuccess;
  r->mem_last = s;
}

/* ra: the program's return address, taken in the exported wrapper (this
 * function may not be inlined into it). */
static cudaError_t graph_launch(cudaGraphExec_t x, cudaStream_t s, bool pt,
                                const csan_host_site *site, const void *ra) {
  csan_rt_init();
  graph_rec *r = csan_rt_active() ? rec_find(x) : NULL;
  if (csan_rt_active() && !r)
    unchecked("launch of a graph exec csan did not instantiate",
              "instantiated by code built without csan: its nodes run unchecked", site);
  csan_key key;
  /* A launch into a capture is a child graph node of the graph captured
   * (checked when that graph is launched). */
  if (!r || csan_rt_capturing(s, pt) || !csan_rt_stream_ensure(s, pt, &key))
    return pt ? cudaGraphLaunch_ptsz(x, s) : cudaGraphLaunch(x, s);
  pthread_mutex_lock(&r->mu);
  char buf[64], name[512];
  snprintf(name, sizeof name, "%s (graph launched at %s:%u)",
           csan_rt_stream_display(key, buf, sizeof buf),
           site && site->file ? site->file : "?", site ? site->line : 0);
  launch_ctx l = {r, site, csan_rt_stack(ra, site), csan_intern(name), false, 0, NULL, NULL};
  if (r->has_pdl)
    l.op_at = calloc(csan_gexec_count(r->gx), sizeof *l.op_at);
  if (r->dot) {
    snprintf(name, sizeof name, "%s:%u", site && site->file ? site->file : "?",
             site ? site->line : 0);
    l.launch_at = csan_intern(name);
    l.launch = csan_rt_dot_launch();
  }
  csan_gexec_launch(csan_g.model, r->gx, key, issue_node, &l);
  free(l.op_at);
  if (l.failed)
    unchecked("graph kernel node whose context csan could not set",
              "the driver refused cuGraphExecKernelNodeSetParams", site);
  if (r->mem_markers)
    alloc_markers(r, s, pt, key, site, l.stack);
  cudaError_t e = pt ? cudaGraphLaunch_ptsz(x, s) : cudaGraphLaunch(x, s);
  if (r->mem_markers && e == cudaSuccess)
    free_markers(r, s, pt, key, site, l.stack);
  pthread_mutex_unlock(&r->mu);
  return e;
}

CSAN_EXPORT cudaError_t __csan_cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream,
                                               const csan_host_site *site) {
  return graph_launch(graphExec, stream, false, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaGraphLaunch_ptsz(cudaGraphExec_t graphExec,
                                                    cudaStream_t stream,
                                                    const csan_host_site *site) {
  return graph_launch(graphExec, stream, true, site, __builtin_return_address(0));
}

/* ---- Updates: later launches only ------------------------------------------ */

CSAN_EXPORT cudaError_t __csan_cudaGraphExecKernelNodeSetParams(
    cudaGraphExec_t x, cudaGraphNode_t node, const struct cudaKernelNodeParams *p,
    const csan_host_site *site) {
  graph_rec *r = rec_find(x);
  gnode_info *in = NULL;
  for (size_t i = 0; r && i < r->n && !in; i++)
    if (r->info[i].orig == node && r->info[i].copy)
      in = &r->info[i];
  if (!in)
    return cudaGraphExecKernelNodeSetParams(x, node, p);
  pthread_mutex_lock(&r->mu);
  /* The exec is csan's copy's: the program's node stands for the copy's. */
  cudaError_t e = cudaGraphExecKernelNodeSetParams(x, in->copy, p);
  if (e == cudaSuccess) {
    free(in->args);
    free(in->off);
    in->args = NULL;
    in->off = NULL;
    in->nargs = 0;
    in->twin = csan_rt_twin_get(p->func);
    in->grid[0] = p->gridDim.x, in->grid[1] = p->gridDim.y, in->grid[2] = p->gridDim.z;
    in->block[0] = p->blockDim.x, in->block[1] = p->blockDim.y, in->block[2] = p->blockDim.z;
    in->shmem = p->sharedMemBytes;
    in->checked = in->twin.twin && !p->extra && copy_args(in, p->kernelParams);
    if (!in->checked)
      unchecked("graph kernel node without an instrumented twin",
                "the kernel's module was not built by csan", site);
  }
  pthread_mutex_unlock(&r->mu);
  return e;
}

CSAN_EXPORT cudaError_t __csan_cudaGraphExecUpdate(cudaGraphExec_t x, cudaGraph_t graph,
                                                   cudaGraphExecUpdateResultInfo *info,
                                                   const csan_host_site *site) {
  graph_rec *r = rec_find(x);
  graph_rec *nr = r ? rec_make(graph, site) : NULL;
  if (!nr || !csan_graph_same_topology(r->g, nr->g)) {
    if (nr)
      rec_free(nr);
    return cudaGraphExecUpdate(x, graph, info);
  }
  pthread_mutex_lock(&r->mu);
  /* The exec takes the parameters of csan's copy of the new graph. */
  cudaError_t e = cudaGraphExecUpdate(x, nr->copy, info);
  restore_in_place(nr);
  if (e == cudaSuccess) {
    csan_gexec_update(r->gx, nr->g);
    gnode_info *oi = r->info;
    size_t on = r->n;
    cudaGraph_t oc = r->copy;
    csan_graph *og = r->g;
    bool oip = r->in_place;
    r->info = nr->info, r->n = nr->n, r->cap = nr->cap, r->copy = nr->copy, r->g = nr->g;
    r->in_place = nr->in_place;
    /* The event keeps the order after the last launch's free markers. */
    r->mem_markers = r->mem_markers && nr->mem_markers;
    nr->info = oi, nr->n = on, nr->copy = oc, nr->g = og, nr->in_place = oip;
  }
  pthread_mutex_unlock(&r->mu);
  rec_free(nr);
  return e;
}

/* ---- Nodes added explicitly ---------------------------------------------------
 * Passed through; the node is named after the line that added it
 * (csan_rt_capture.h), for reports on it. */

static cudaError_t node_added(cudaError_t e, cudaGraphNode_t *node, const csan_host_site *site,
                              const void *ra) {
  if (e == cudaSuccess && node && csan_rt_active())
    csan_rt_node_added(*node, site, ra);
  return e;
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddKernelNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
    size_t numDependencies, const struct cudaKernelNodeParams *pNodeParams,
    const csan_host_site *site) {
  csan_rt_capture_settle();
  return node_added(
      cudaGraphAddKernelNode(pGraphNode, graph, pDependencies, numDependencies, pNodeParams),
      pGraphNode, site, __builtin_return_address(0));
}

/* Does graph g hold memory alloc/free nodes (so CUDA will neither clone it
 * nor let csan take nodes out of it)? Graphs of more than 4096 nodes are
 * not scanned at each add (their copies and sets are then counted at
 * instantiation, as before). */
static bool has_memory_nodes(cudaGraph_t g) {
  size_t n = 0;
  if (!g || cudaGraphGetNodes(g, NULL, &n) != cudaSuccess || !n || n > 4096)
    return false;
  cudaGraphNode_t *v = calloc(n, sizeof *v);
  bool any = false;
  if (v && cudaGraphGetNodes(g, v, &n) == cudaSuccess) {
    for (size_t i = 0; i < n && !any; i++) {
      enum cudaGraphNodeType t;
      any = cudaGraphNodeGetType(v[i], &t) == cudaSuccess &&
            (t == cudaGraphNodeTypeMemAlloc || t == cudaGraphNodeTypeMemFree);
    }
  }
  free(v);
  return any;
}

/* A copy or set added explicitly to a graph with memory nodes: csan cannot
 * add its checks at instantiation (it cannot clone the graph), so it adds
 * them now, as a chain the copy's node depends on (csan_rt_libcap_add);
 * x holds the footprint and is freed. Returns the real add's result. */
typedef cudaError_t (*range_add_fn)(cudaGraphNode_t *node, const cudaGraphNode_t *deps,
                                    size_t ndeps, const void *arg);
static cudaError_t add_range_node(cudaGraphNode_t *node, cudaGraph_t graph,
                                  const cudaGraphNode_t *deps, size_t ndeps, csan_rt_xfer *x,
                                  range_add_fn add, const void *arg, const csan_host_site *site,
                                  const void *ra) {
  csan_rt_libcap_call cc;
  memset(&cc, 0, sizeof cc);
  cudaGraphNode_t chk = NULL;
  if (x && x->nh)
    unchecked("host memory used by a graph memcpy node in a graph with memory nodes",
              "csan checks the node's device memory, not its host memory", site);
  if (x)
    csan_rt_libcap_add(&cc, graph, deps, ndeps, x, site, ra, &chk);
  if (x)
    csan_rt_xfer_free(x);
  cudaError_t e = add(node, chk ? &chk : deps, chk ? 1 : ndeps, arg);
  csan_rt_libcap_end(&cc, e == cudaSuccess); /* a failed add: its checks check nothing */
  if (e == cudaSuccess && node && csan_rt_active()) {
    if (chk)
      csan_rt_node_added_checked(*node, site, ra);
    else
      csan_rt_node_added(*node, site, ra);
  }
  return e;
}

typedef struct memcpy_add {
  cudaGraph_t graph;
  const struct cudaMemcpy3DParms *p3;
  void *dst;
  const void *src;
  size_t count;
  enum cudaMemcpyKind kind;
  const struct cudaMemsetParams *ps;
} memcpy_add;

static cudaError_t add_memcpy3d(cudaGraphNode_t *node, const cudaGraphNode_t *deps, size_t nd,
                                const void *arg) {
  const memcpy_add *a = arg;
  return cudaGraphAddMemcpyNode(node, a->graph, deps, nd, a->p3);
}
static cudaError_t add_memcpy1d(cudaGraphNode_t *node, const cudaGraphNode_t *deps, size_t nd,
                                const void *arg) {
  const memcpy_add *a = arg;
  return cudaGraphAddMemcpyNode1D(node, a->graph, deps, nd, a->dst, a->src, a->count, a->kind);
}
static cudaError_t add_memset(cudaGraphNode_t *node, const cudaGraphNode_t *deps, size_t nd,
                              const void *arg) {
  const memcpy_add *a = arg;
  return cudaGraphAddMemsetNode(node, a->graph, deps, nd, a->ps);
}

/* The footprint of a 3-D copy node (false: a CUDA array, not checked). */
static bool memcpy3d_xfer(csan_rt_xfer *x, const char *api, const struct cudaMemcpy3DParms *p) {
  if (p->srcArray || p->dstArray)
    return false;
  copy_shape c = memcpy3d_shape(p);
  csan_region sr = {(uint64_t)(uintptr_t)c.src, c.w, c.h, p->srcPtr.pitch, c.d,
                    p->srcPtr.pitch * p->srcPtr.ysize};
  csan_region dr = {(uint64_t)(uintptr_t)c.dst, c.w, c.h, p->dstPtr.pitch, c.d,
                    p->dstPtr.pitch * p->dstPtr.ysize};
  csan_rt_xfer_init(x, api, false, false, NULL);
  x->bytes = c.w * c.h * c.d;
  csan_rt_xfer_copy(x, c.dst, dr, c.src, sr);
  return true;
}

/* The footprint of a memset node. */
static void memset_xfer(csan_rt_xfer *x, const char *api, const struct cudaMemsetParams *p) {
  uint64_t w = (uint64_t)p->width * p->elementSize, h = p->height ? p->height : 1;
  csan_region r = {(uint64_t)(uintptr_t)p->dst, w, h, p->pitch, 1, 0};
  csan_rt_xfer_init(x, api, false, false, NULL);
  x->bytes = w * h;
  csan_rt_xfer_set(x, p->dst, r);
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode,
                                                      cudaGraph_t graph,
                                                      const cudaGraphNode_t *pDependencies,
                                                      size_t numDependencies,
                                                      const struct cudaMemcpy3DParms *pCopyParams,
                                                      const csan_host_site *site) {
  csan_rt_capture_settle();
  memcpy_add a = {graph, pCopyParams, NULL, NULL, 0, cudaMemcpyDefault, NULL};
  csan_rt_xfer x, *xp = NULL;
  if (csan_rt_active() && pCopyParams && has_memory_nodes(graph) &&
      memcpy3d_xfer(&x, "cudaGraphAddMemcpyNode", pCopyParams))
    xp = &x;
  return add_range_node(pGraphNode, graph, pDependencies, numDependencies, xp, add_memcpy3d, &a,
                        site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddMemcpyNode1D(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
    size_t numDependencies, void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
    const csan_host_site *site) {
  csan_rt_capture_settle();
  memcpy_add a = {graph, NULL, dst, src, count, kind, NULL};
  csan_rt_xfer x, *xp = NULL;
  if (csan_rt_active() && count && has_memory_nodes(graph)) {
    csan_rt_xfer_init(&x, "cudaGraphAddMemcpyNode1D", false, false, NULL);
    x.bytes = count;
    csan_rt_xfer_copy(&x, dst, csan_region_linear((uint64_t)(uintptr_t)dst, count), src,
                      csan_region_linear((uint64_t)(uintptr_t)src, count));
    xp = &x;
  }
  return add_range_node(pGraphNode, graph, pDependencies, numDependencies, xp, add_memcpy1d, &a,
                        site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode,
                                                      cudaGraph_t graph,
                                                      const cudaGraphNode_t *pDependencies,
                                                      size_t numDependencies,
                                                      const struct cudaMemsetParams *pMemsetParams,
                                                      const csan_host_site *site) {
  csan_rt_capture_settle();
  memcpy_add a = {graph, NULL, NULL, NULL, 0, cudaMemcpyDefault, pMemsetParams};
  csan_rt_xfer x, *xp = NULL;
  if (csan_rt_active() && pMemsetParams && has_memory_nodes(graph)) {
    memset_xfer(&x, "cudaGraphAddMemsetNode", pMemsetParams);
    xp = &x;
  }
  return add_range_node(pGraphNode, graph, pDependencies, numDependencies, xp, add_memset, &a,
                        site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                    const cudaGraphNode_t *pDependencies,
                                                    size_t numDependencies,
                                                    const struct cudaHostNodeParams *pNodeParams,
                                                    const csan_host_site *site) {
  csan_rt_capture_settle();
  return node_added(
      cudaGraphAddHostNode(pGraphNode, graph, pDependencies, numDependencies, pNodeParams),
      pGraphNode, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddChildGraphNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
    size_t numDependencies, cudaGraph_t childGraph, const csan_host_site *site) {
  csan_rt_capture_settle();
  cudaError_t e = node_added(
      cudaGraphAddChildGraphNode(pGraphNode, graph, pDependencies, numDependencies, childGraph),
      pGraphNode, site, __builtin_return_address(0));
  /* The node holds a copy of the child: its nodes keep the names of the
   * child's (the lines that captured or added them, and which of them a
   * captured library call's checks cover). */
  cudaGraph_t embedded;
  if (e == cudaSuccess && csan_rt_active() &&
      cudaGraphChildGraphNodeGetGraph(*pGraphNode, &embedded) == cudaSuccess)
    csan_rt_node_origins_copy(childGraph, embedded);
  return e;
}

/* Copy nodes to and from a __device__ variable (tracked once resolved, at
 * the latest when the graph is instantiated: rec_make). */
CSAN_EXPORT cudaError_t __csan_cudaGraphAddMemcpyNodeToSymbol(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
    size_t numDependencies, const void *symbol, const void *src, size_t count, size_t offset,
    enum cudaMemcpyKind kind, const csan_host_site *site) {
  csan_rt_capture_settle();
  return node_added(cudaGraphAddMemcpyNodeToSymbol(pGraphNode, graph, pDependencies,
                                                   numDependencies, symbol, src, count, offset,
                                                   kind),
                    pGraphNode, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddMemcpyNodeFromSymbol(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
    size_t numDependencies, void *dst, const void *symbol, size_t count, size_t offset,
    enum cudaMemcpyKind kind, const csan_host_site *site) {
  csan_rt_capture_settle();
  return node_added(cudaGraphAddMemcpyNodeFromSymbol(pGraphNode, graph, pDependencies,
                                                     numDependencies, dst, symbol, count, offset,
                                                     kind),
                    pGraphNode, site, __builtin_return_address(0));
}

/* The generic add (any kind, from its parameters): named like the others. */
/* A memcpy or memset node added by the generic add to a graph with memory
 * nodes: its footprint in *x (true), as for the kinds' own adds. Edges with
 * data (a programmatic port) are left as they are: not checked. */
static bool generic_range_xfer(csan_rt_xfer *x, cudaGraph_t graph,
                               const struct cudaGraphNodeParams *np, bool plain_edges) {
  if (!csan_rt_active() || !np || !plain_edges ||
      (np->type != cudaGraphNodeTypeMemcpy && np->type != cudaGraphNodeTypeMemset) ||
      !has_memory_nodes(graph))
    return false;
  if (np->type == cudaGraphNodeTypeMemset) {
    /* The same fields as cudaMemsetParams (the V2 struct adds none). */
    struct cudaMemsetParams m = {np->memset.dst, np->memset.pitch, np->memset.value,
                                 np->memset.elementSize, np->memset.width, np->memset.height};
    memset_xfer(x, "cudaGraphAddNode", &m);
    return true;
  }
  return memcpy3d_xfer(x, "cudaGraphAddNode", &np->memcpy.copyParams);
}

typedef struct generic_add {
  cudaGraph_t graph;
  const cudaGraphNode_t *deps; /* the program's, with their data */
  const void *data;
  struct cudaGraphNodeParams *np;
} generic_add;

#if CUDART_VERSION >= 13000
static cudaError_t add_generic(cudaGraphNode_t *node, const cudaGraphNode_t *deps, size_t nd,
                               const void *arg) {
  const generic_add *a = arg;
  return cudaGraphAddNode(node, a->graph, deps, deps == a->deps ? a->data : NULL, nd, a->np);
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                const cudaGraphNode_t *pDependencies,
                                                const cudaGraphEdgeData *dependencyData,
                                                size_t numDependencies,
                                                struct cudaGraphNodeParams *nodeParams,
                                                const csan_host_site *site) {
  csan_rt_capture_settle();
  bool plain = true;
  for (size_t i = 0; dependencyData && i < numDependencies; i++)
    plain = plain && dependencyData[i].type == cudaGraphDependencyTypeDefault &&
            !dependencyData[i].from_port && !dependencyData[i].to_port;
  generic_add a = {graph, pDependencies, dependencyData, nodeParams};
  csan_rt_xfer x;
  bool checked = generic_range_xfer(&x, graph, nodeParams, plain);
  return add_range_node(pGraphNode, graph, pDependencies, numDependencies, checked ? &x : NULL,
                        add_generic, &a, site, __builtin_return_address(0));
}
#else
static cudaError_t add_generic(cudaGraphNode_t *node, const cudaGraphNode_t *deps, size_t nd,
                               const void *arg) {
  const generic_add *a = arg;
  return cudaGraphAddNode(node, a->graph, deps, nd, a->np);
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                const cudaGraphNode_t *pDependencies,
                                                size_t numDependencies,
                                                struct cudaGraphNodeParams *nodeParams,
                                                const csan_host_site *site) {
  csan_rt_capture_settle();
  generic_add a = {graph, pDependencies, NULL, nodeParams};
  csan_rt_xfer x;
  bool checked = generic_range_xfer(&x, graph, nodeParams, true);
  return add_range_node(pGraphNode, graph, pDependencies, numDependencies, checked ? &x : NULL,
                        add_generic, &a, site, __builtin_return_address(0));
}
#endif

CSAN_EXPORT cudaError_t __csan_cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                     const cudaGraphNode_t *pDependencies,
                                                     size_t numDependencies,
                                                     const csan_host_site *site) {
  csan_rt_capture_settle();
  return node_added(cudaGraphAddEmptyNode(pGraphNode, graph, pDependencies, numDependencies),
                    pGraphNode, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddEventRecordNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
    size_t numDependencies, cudaEvent_t event, const csan_host_site *site) {
  csan_rt_capture_settle();
  return node_added(
      cudaGraphAddEventRecordNode(pGraphNode, graph, pDependencies, numDependencies, event),
      pGraphNode, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode,
                                                         cudaGraph_t graph,
                                                         const cudaGraphNode_t *pDependencies,
                                                         size_t numDependencies, cudaEvent_t event,
                                                         const csan_host_site *site) {
  csan_rt_capture_settle();
  return node_added(
      cudaGraphAddEventWaitNode(pGraphNode, graph, pDependencies, numDependencies, event),
      pGraphNode, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddMemAllocNode(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies,
    size_t numDependencies, struct cudaMemAllocNodeParams *nodeParams, const csan_host_site *site) {
  csan_rt_capture_settle();
  return node_added(
      cudaGraphAddMemAllocNode(pGraphNode, graph, pDependencies, numDependencies, nodeParams),
      pGraphNode, site, __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode,
                                                       cudaGraph_t graph,
                                                       const cudaGraphNode_t *pDependencies,
                                                       size_t numDependencies, void *dptr,
                                                       const csan_host_site *site) {
  csan_rt_capture_settle();
  return node_added(
      cudaGraphAddMemFreeNode(pGraphNode, graph, pDependencies, numDependencies, dptr), pGraphNode,
      site, __builtin_return_address(0));
}

/* ---- Capture ---------------------------------------------------------------
 * Passed through: CUDA records the work (csan_rt_capture_op keeps every
 * family from checking it and notes where each node came from), and csan
 * reads the graph at instantiation. */

static cudaError_t begin_capture(cudaError_t e, cudaStream_t s, bool pt,
                                 const csan_host_site *site, const void *ra) {
  if (e == cudaSuccess) {
    csan_rt_capture_begun(s, pt, site, ra);
    csan_rt_errors_capture_begun();
  }
  return e;
}

CSAN_EXPORT cudaError_t __csan_cudaStreamBeginCapture(cudaStream_t stream,
                                                      enum cudaStreamCaptureMode mode,
                                                      const csan_host_site *site) {
  csan_rt_init();
  csan_rt_capture_settle();
  return begin_capture(cudaStreamBeginCapture(stream, mode), stream, false, site,
                       __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaStreamBeginCapture_ptsz(cudaStream_t stream,
                                                           enum cudaStreamCaptureMode mode,
                                                           const csan_host_site *site) {
  csan_rt_init();
  csan_rt_capture_settle();
  return begin_capture(cudaStreamBeginCapture_ptsz(stream, mode), stream, true, site,
                       __builtin_return_address(0));
}

/* The stream's capture dependencies change: csan follows them through the
 * graph's edges (read at instantiation); the thread's noted call settles
 * first, against the dependencies it made. */
static cudaError_t update_deps(cudaStream_t stream, cudaGraphNode_t *deps,
                               const cudaGraphEdgeData *data, size_t n, unsigned int flags,
                               bool pt) {
  csan_rt_capture_settle();
  return pt ? cudaStreamUpdateCaptureDependencies_ptsz(stream, deps, data, n, flags)
            : cudaStreamUpdateCaptureDependencies(stream, deps, data, n, flags);
}

CSAN_EXPORT cudaError_t __csan_cudaStreamUpdateCaptureDependencies(
    cudaStream_t stream, cudaGraphNode_t *dependencies, const cudaGraphEdgeData *data, size_t n,
    unsigned int flags, const csan_host_site *site) {
  (void)site;
  return update_deps(stream, dependencies, data, n, flags, false);
}

CSAN_EXPORT cudaError_t __csan_cudaStreamUpdateCaptureDependencies_ptsz(
    cudaStream_t stream, cudaGraphNode_t *dependencies, const cudaGraphEdgeData *data, size_t n,
    unsigned int flags, const csan_host_site *site) {
  (void)site;
  return update_deps(stream, dependencies, data, n, flags, true);
}

static cudaError_t begin_to_graph(cudaStream_t stream, cudaGraph_t graph,
                                  const cudaGraphNode_t *deps, const cudaGraphEdgeData *data,
                                  size_t n, enum cudaStreamCaptureMode mode, bool pt,
                                  const csan_host_site *site, const void *ra) {
  csan_rt_init();
  csan_rt_capture_settle();
  return begin_capture(pt ? cudaStreamBeginCaptureToGraph_ptsz(stream, graph, deps, data, n, mode)
                          : cudaStreamBeginCaptureToGraph(stream, graph, deps, data, n, mode),
                       stream, pt, site, ra);
}

CSAN_EXPORT cudaError_t __csan_cudaStreamBeginCaptureToGraph(
    cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t *dependencies,
    const cudaGraphEdgeData *data, size_t n, enum cudaStreamCaptureMode mode,
    const csan_host_site *site) {
  return begin_to_graph(stream, graph, dependencies, data, n, mode, false, site,
                        __builtin_return_address(0));
}

CSAN_EXPORT cudaError_t __csan_cudaStreamBeginCaptureToGraph_ptsz(
    cudaStream_t stream, cudaGraph_t graph, const cudaGraphNode_t *dependencies,
    const cudaGraphEdgeData *data, size_t n, enum cudaStreamCaptureMode mode,
    const csan_host_site *site) {
  return begin_to_graph(stream, graph, dependencies, data, n, mode, true, site,
                        __builtin_return_address(0));
}

/* The first node of a capture that no later node and not the origin
 * stream depends on: work of a forked stream not joined back (CUDA's
 * cudaErrorStreamCaptureUnjoined). Read before cudaStreamEndCapture, which
 * forgets the capture. */
typedef struct unjoined {
  bool found, have_work, have_fork;
  csan_rt_node_origin work, fork;
} unjoined;

static void find_unjoined(cudaStream_t s, bool pt, unjoined *u) {
  memset(u, 0, sizeof *u);
  CUstream cs = csan_rt_cu_stream(s, pt);
  enum cudaStreamCaptureStatus st = cudaStreamCaptureStatusNone;
  unsigned long long id = 0;
  cudaGraph_t g = NULL;
  const cudaGraphNode_t *deps = NULL;
  size_t nd = 0;
#if CUDART_VERSION >= 13000
  cudaError_t e = cudaStreamGetCaptureInfo((cudaStream_t)cs, &st, &id, &g, &deps, NULL, &nd);
#else
  cudaError_t e = cudaStreamGetCaptureInfo_v2((cudaStream_t)cs, &st, &id, &g, &deps, &nd);
#endif
  graph_lists l;
  if (e != cudaSuccess || st != cudaStreamCaptureStatusActive || !g || !graph_lists_read(g, &l))
    return;
  const cudaGraphNode_t *nodes = l.nodes, *from = l.from;
  size_t n = l.n, ne = l.ne;
  for (size_t i = 0; i < n && !u->found; i++) {
    bool joined = false;
    for (size_t k = 0; k < ne && !joined; k++)
      joined = from[k] == nodes[i];
    for (size_t k = 0; k < nd && !joined; k++)
      joined = deps[k] == nodes[i];
    csan_rt_node_origin o;
    bool known = csan_rt_node_origin_get(nodes[i], &o);
    /* The origin's own work may be left out (cudaStreamSetCaptureDependencies):
     * a fork's work is the error. */
    if (joined || (known && o.stream == cs))
      continue;
    u->found = true;
    u->have_work = known;
    u->work = o;
    u->have_fork = u->have_work && u->work.stream &&
                   csan_rt_capture_fork_get(u->work.stream, id, &u->fork);
  }
  graph_lists_free(&l);
}

static const char *site_file(const csan_host_site *site) {
  return site && site->file ? site->file : "?";
}

/* An unjoined capture, reported (and counted) as the program's bug. */
static void report_unjoined(const unjoined *u, cudaStream_t s, bool pt,
                            const csan_host_site *end) {
  char b1[64], b2[64], work[512] = "work", fork[512] = "";
  if (u->have_work)
    snprintf(work, sizeof work, "work captured at %s:%u on stream %s",
             site_file(&u->work.site), u->work.site.line,
             csan_rt_stream_display(csan_rt_stream_key((cudaStream_t)u->work.stream, false),
                                    b1, sizeof b1));
  if (u->have_fork)
    snprintf(fork, sizeof fork, ", which was forked into the capture at %s:%u,",
             site_file(&u->fork.site), u->fork.site.line);
  const csan_host_site *at = u->have_fork ? &u->fork.site : end;
  csan_graph_capture_error_add();
  csan_log_printf("==================\nWARNING: csan: stream capture error "
                  "(cudaErrorStreamCaptureUnjoined)\n  %s%s\n  is not joined back into "
                  "stream %s before cudaStreamEndCapture at %s:%u: the capture made no "
                  "graph\nSUMMARY: csan: stream capture error (cudaErrorStreamCaptureUnjoined) "
                  "%s:%u\n==================\n",
                  work, fork, csan_rt_stream_display(csan_rt_stream_key(s, pt), b2, sizeof b2),
                  site_file(end), end ? end->line : 0, site_file(at), at ? at->line : 0);
}

/* An invalidated capture, reported (and counted) as the program's bug. The
 * call that invalidated it failed itself (cudaErrorStreamCaptureUnsupported
 * or ...Implicit), which csan does not follow call by call: the report
 * names where the capture began and ended. */
static void report_invalidated(cudaStream_t s, bool pt, const csan_host_site *end) {
  char b[64], begun[512] = "", by[1024];
  csan_rt_node_origin o;
  if (csan_rt_capture_begin_get(csan_rt_cu_stream(s, pt), &o))
    snprintf(begun, sizeof begun, " begun at %s:%u", site_file(&o.site), o.site.line);
  /* The call that invalidated it, when csan saw it fail; else what such a
   * call can be. */
  const char *api = NULL;
  csan_host_site at;
  cudaError_t why = cudaSuccess;
  if (csan_rt_errors_capture_invalidator(&api, &at, &why) && api)
    snprintf(by, sizeof by,
             "invalidated by %s at %s:%u, which CUDA does not allow during it (it failed "
             "with %s)",
             api, site_file(&at), at.line, cudaGetErrorName(why));
  else
    snprintf(by, sizeof by,
             "invalidated by a call CUDA does not allow during it (a synchronization, "
             "cudaMalloc or cudaFree in global or thread-local mode, legacy-stream work;\n"
             "  that call failed with cudaErrorStreamCaptureUnsupported or "
             "cudaErrorStreamCaptureImplicit)");
  csan_graph_capture_error_add();
  csan_log_printf("==================\nWARNING: csan: stream capture error "
                  "(cudaErrorStreamCaptureInvalidated)\n  the capture%s on stream %s was "
                  "%s: cudaStreamEndCapture at %s:%u makes no "
                  "graph\nSUMMARY: csan: stream capture error "
                  "(cudaErrorStreamCaptureInvalidated) %s:%u\n==================\n",
                  begun, csan_rt_stream_display(csan_rt_stream_key(s, pt), b, sizeof b), by,
                  site_file(end), end ? end->line : 0, site_file(end), end ? end->line : 0);
}

/* A capture that failed made no graph: csan names the error and the lines
 * (the program gets the error too, and may not look at it). */
static cudaError_t end_capture(cudaStream_t s, bool pt, cudaGraph_t *pGraph,
                               const csan_host_site *site) {
  csan_rt_init();
  csan_rt_capture_settle();
  bool on = csan_rt_active();
  bool was = on && csan_rt_capturing(s, pt);
  unjoined u;
  memset(&u, 0, sizeof u);
  if (was)
    find_unjoined(s, pt, &u);
  cudaError_t e = pt ? cudaStreamEndCapture_ptsz(s, pGraph) : cudaStreamEndCapture(s, pGraph);
  if (was)
    csan_rt_capture_ended();
  if (e == cudaErrorStreamCaptureUnjoined && on)
    report_unjoined(&u, s, pt, site);
  else if (e == cudaErrorStreamCaptureInvalidated && on)
    report_invalidated(s, pt, site);
  return e;
}

CSAN_EXPORT cudaError_t __csan_cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph,
                                                    const csan_host_site *site) {
  return end_capture(stream, false, pGraph, site);
}

CSAN_EXPORT cudaError_t __csan_cudaStreamEndCapture_ptsz(cudaStream_t stream,
                                                         cudaGraph_t *pGraph,
                                                         const csan_host_site *site) {
  return end_capture(stream, true, pGraph, site);
}
