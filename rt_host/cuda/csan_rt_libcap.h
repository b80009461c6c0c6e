/* csan_rt_libcap.h: library calls captured into CUDA graphs
 * (csan_rt_libcap.c; DESIGN.md, "CUDA graphs", "Library calls in graphs").
 *
 * On a stream a modelled library call (cuBLAS, cuBLASLt, cuFFT, cuRAND,
 * cuSPARSE) is one operation whose footprint csan's range kernel checks
 * just before the call (csan_rt_xfer.c). On a capturing stream nothing may
 * run, so the same footprint becomes csan's own kernel nodes in the graph
 * being captured: before the library's call, csan launches one
 * csan_rk_access per tracked region into the capturing stream. A launch is
 * legal in every capture mode and is captured, not run: it becomes a
 * kernel node that depends on what the call's first node would have
 * depended on, and the library's nodes depend on it, so it stands exactly
 * where the call stands in the graph's order.
 *
 * The node's parameters at capture are a placeholder: width 0 (the kernel
 * touches nothing, whatever its context says, so a placeholder that ever
 * runs unset is harmless) and, in `size`, the number of this check in
 * csan's table. Instantiation recognizes csan's check nodes by their
 * function and placeholder (csan_rt_libcap_of: whoever copied the graph,
 * cloned it or made it a child), and every launch writes the region and
 * the node's operation's context into the exec, as for csan's checks of
 * memcpy and memset nodes (api/csan_api_graph.c).
 */
#ifndef CSAN_RT_LIBCAP_H
#define CSAN_RT_LIBCAP_H

#include "csan_rt_kernels.h"
#include "csan_rt_xfer.h"

/* One check of a captured call: one region of its footprint. */
typedef struct csan_rt_libcap {
  const char *api;          /* the call, as reports name it (interned) */
  csan_rk_access_params rk; /* the region, its access and the call's length */
  csan_host_site site;      /* where the call was captured */
  uint32_t stack;
  bool failed;              /* the library call failed: it made no work to check */
} csan_rt_libcap;

/* The checks one captured call made (csan_rt_libcap_issue). */
typedef struct csan_rt_libcap_call {
  uint64_t first; /* the first check's number (0: none) */
  uint32_t n;
} csan_rt_libcap_call;

/* At capture, before the library call: csan's check nodes for x's tracked
 * regions on x's capturing stream, named after site. Touches no clock and
 * no shadow. */
void csan_rt_libcap_issue(csan_rt_libcap_call *cc, const csan_rt_xfer *x,
                          const csan_host_site *site, const void *ra);
/* A copy or set added explicitly (cudaGraphAddMemcpyNode, ...) to `graph`,
 * which has memory nodes (so csan cannot add its checks at instantiation):
 * csan's check nodes for x's tracked regions, a chain after deps[0..ndeps),
 * named after x's call and site. *last: the chain's last node, which the
 * copy's node must depend on instead of deps (null: none added, the
 * copy's node takes deps). */
void csan_rt_libcap_add(csan_rt_libcap_call *cc, cudaGraph_t graph,
                        const cudaGraphNode_t *deps, size_t ndeps, const csan_rt_xfer *x,
                        const csan_host_site *site, const void *ra, cudaGraphNode_t *last);
/* After the call: a call that failed made no work, its checks check
 * nothing. */
void csan_rt_libcap_end(const csan_rt_libcap_call *cc, bool ok);
/* True when graph node `node` (of any graph) is one of csan's checks of a
 * captured call; *out is that check. */
bool csan_rt_libcap_of(cudaGraphNode_t node, csan_rt_libcap *out);

#endif /* CSAN_RT_LIBCAP_H */
