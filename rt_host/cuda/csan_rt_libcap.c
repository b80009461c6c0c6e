/* csan_rt_libcap.c: library calls captured into CUDA graphs
 * (csan_rt_libcap.h).
 *
 * The checks live in one table for the run, numbered from 1 (the number is
 * the placeholder's `size`). A check is never forgotten: a graph may be
 * cloned, made a child or instantiated again at any time after its
 * capture, and its node then still carries the number. Each entry is about
 * a hundred bytes per region of each captured call.
 */
#include "csan_rt_libcap.h"

#include "csan_rt_capture.h"
#include "csan_rt_shadow.h"
#include "csan_unchecked.h"

#include <stdlib.h>
#include <string.h>

static pthread_mutex_t g_mu = PTHREAD_MUTEX_INITIALIZER;
static csan_rt_libcap *g_caps;
static uint64_t g_n, g_cap;

/* A new check; its number, or 0 when out of memory. */
static uint64_t cap_add(const csan_rt_libcap *c) {
  uint64_t id = 0;
  pthread_mutex_lock(&g_mu);
  if (g_n == g_cap) {
    uint64_t cap = g_cap ? 2 * g_cap : 64;
    csan_rt_libcap *t = realloc(g_caps, cap * sizeof *t);
    if (t) {
      g_caps = t;
      g_cap = cap;
    }
  }
  if (g_n < g_cap) {
    g_caps[g_n++] = *c;
    id = g_n;
  }
  pthread_mutex_unlock(&g_mu);
  return id;
}

/* The context of a placeholder: a range operation with nothing to check. */
static void placeholder_ctx(csan_launch_ctx *ctx) {
  memset(ctx, 0, sizeof *ctx);
  ctx->magic = CSAN_CTX_MAGIC;
  ctx->abi_version = CSAN_ABI_VERSION;
  ctx->flags = CSAN_CTX_F_RANGE_OP;
}

/* The table entry of x's checks: its call, site and stack (regions come
 * one by one, cap_region). */
static void cap_entry(csan_rt_libcap *c, const csan_rt_xfer *x, const csan_host_site *site,
                      const void *ra) {
  memset(c, 0, sizeof *c);
  c->api = csan_intern(x->api);
  if (site)
    c->site = *site;
  c->stack = x->stack ? x->stack : csan_rt_stack(ra, site);
}

/* Region i of x as the entry's check; false: nothing to check there. */
static bool cap_region(csan_rt_libcap *c, const csan_rt_xfer *x, size_t i) {
  const csan_region *r = &x->r[i];
  memset(&c->rk, 0, sizeof c->rk);
  c->rk.base = r->base;
  c->rk.width = r->width;
  c->rk.rows = r->rows;
  c->rk.pitch = r->pitch;
  c->rk.slices = r->slices;
  c->rk.slice_pitch = r->slice_pitch;
  c->rk.size = x->bytes ? x->bytes : r->width * r->rows * r->slices;
  c->rk.access = x->acc[i];
  return csan_rk_access_items(&c->rk) != 0;
}

/* The parameters of check number id's placeholder: width 0, so it checks
 * nothing until a launch sets it, and the number in `size`. */
static void cap_placeholder(csan_rk_access_params *ph, uint64_t id) {
  memset(ph, 0, sizeof *ph);
  ph->rows = ph->slices = 1;
  ph->size = id;
}

/* Check number id is the call's latest. */
static void cap_counted(csan_rt_libcap_call *cc, uint64_t id) {
  if (!cc->first)
    cc->first = id;
  cc->n = (uint32_t)(id - cc->first + 1);
}

void csan_rt_libcap_issue(csan_rt_libcap_call *cc, const csan_rt_xfer *x,
                          const csan_host_site *site, const void *ra) {
  memset(cc, 0, sizeof *cc);
  if (!x->n)
    return;
  CUstream cs = csan_rt_cu_stream(x->stream, x->pt);
  csan_rt_libcap c;
  cap_entry(&c, x, site, ra);
  csan_launch_ctx ctx;
  placeholder_ctx(&ctx);
  cudaGraphNode_t last = NULL;
  for (size_t i = 0; i < x->n; i++) {
    if (!cap_region(&c, x, i))
      continue;
    uint64_t id = cap_add(&c);
    csan_rk_access_params ph;
    cap_placeholder(&ph, id);
    void *args[] = {&ph, &ctx};
    if (!id || csan_rt_rk_launch(csan_g.rk_access, 1, cs, args) != CUDA_SUCCESS) {
      csan_unchecked_add("library call captured into a graph",
                         "csan could not add its check of the call's footprint to the "
                         "capture: the call is not checked",
                         site);
      break;
    }
    cap_counted(cc, id);
    last = csan_rt_capture_last_node(cs);
  }
  csan_rt_capture_lib_checked(last);
}

void csan_rt_libcap_add(csan_rt_libcap_call *cc, cudaGraph_t graph,
                        const cudaGraphNode_t *deps, size_t ndeps, const csan_rt_xfer *x,
                        const csan_host_site *site, const void *ra, cudaGraphNode_t *last) {
  memset(cc, 0, sizeof *cc);
  *last = NULL;
  if (!x->n || !csan_g.rk_access || !csan_g.drv.cuGraphAddKernelNode)
    return;
  csan_rt_libcap c;
  cap_entry(&c, x, site, ra);
  csan_launch_ctx ctx;
  placeholder_ctx(&ctx);
  CUgraphNode prev = NULL;
  for (size_t i = 0; i < x->n; i++) {
    if (!cap_region(&c, x, i))
      continue;
    uint64_t id = cap_add(&c);
    csan_rk_access_params ph;
    cap_placeholder(&ph, id);
    void *args[] = {&ph, &ctx};
    CUDA_KERNEL_NODE_PARAMS p;
    memset(&p, 0, sizeof p);
    p.func = csan_g.rk_access;
    p.gridDimX = p.gridDimY = p.gridDimZ = 1;
    p.blockDimX = CSAN_RK_BLOCK;
    p.blockDimY = p.blockDimZ = 1;
    p.kernelParams = args;
    CUgraphNode node = NULL;
    if (!id || csan_g.drv.cuGraphAddKernelNode(&node, (CUgraph)graph,
                                               prev ? &prev : (const CUgraphNode *)deps,
                                               prev ? 1 : ndeps, &p) != CUDA_SUCCESS) {
      csan_unchecked_add("graph memcpy or memset node in a graph with memory nodes",
                         "csan could not add its check of the node's footprint: ordered only",
                         site);
      break;
    }
    cap_counted(cc, id);
    prev = node;
  }
  *last = (cudaGraphNode_t)prev;
}

void csan_rt_libcap_end(const csan_rt_libcap_call *cc, bool ok) {
  if (ok || !cc->first)
    return;
  pthread_mutex_lock(&g_mu);
  for (uint64_t id = cc->first; id < cc->first + cc->n && id <= g_n; id++)
    g_caps[id - 1].failed = true;
  pthread_mutex_unlock(&g_mu);
}

bool csan_rt_libcap_of(cudaGraphNode_t node, csan_rt_libcap *out) {
  if (!csan_g.rk_access)
    return false;
  CUDA_KERNEL_NODE_PARAMS p;
  memset(&p, 0, sizeof p);
  if (csan_g.drv.cuGraphKernelNodeGetParams((CUgraphNode)node, &p) != CUDA_SUCCESS ||
      p.func != csan_g.rk_access || !p.kernelParams || !p.kernelParams[0])
    return false;
  csan_rk_access_params ph;
  memcpy(&ph, p.kernelParams[0], sizeof ph);
  if (ph.width || ph.base || ph.access)
    return false; /* not a placeholder: csan's check of a copy node, set already */
  bool found = false;
  pthread_mutex_lock(&g_mu);
  if (ph.size && ph.size <= g_n) {
    *out = g_caps[ph.size - 1];
    found = true;
  }
  pthread_mutex_unlock(&g_mu);
  return found;
}
