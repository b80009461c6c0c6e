/* csan_rt_capture.h: where each graph node came from (csan_rt_capture.c).
 *
 * A race report on a graph node names the host line where that node was
 * captured (the <<<>>>, cudaMemcpyAsync, ... on a capturing stream) or
 * added (cudaGraphAdd*Node), and an unjoined capture names the line that
 * forked the stream into it. CUDA makes the node inside the call, so the
 * node is only known after it: a call on a capturing stream is noted
 * before it (csan_rt_capture_op, in place of csan_rt_capturing) and
 * settled at the calling thread's next note or graph call
 * (csan_rt_capture_settle): the nodes the call added are the stream's
 * capture dependencies after it that were not there before it
 * (cudaStreamGetCaptureInfo). Every family keeps its one pass-through
 * line; nothing is added after its CUDA call.
 *
 * A thread's note left unsettled when another thread ends the capture is
 * lost: its node is then named by its graph launch only.
 */
#ifndef CSAN_RT_CAPTURE_H
#define CSAN_RT_CAPTURE_H

#include "csan_rt.h"

/* True when s is being captured (csan_rt_capturing): the call that follows
 * becomes graph nodes, which will be named after site (ra: the wrapper's
 * return address, for the host stack). */
bool csan_rt_capture_op(cudaStream_t s, bool pt, const csan_host_site *site, const void *ra);
/* For cudaStreamWaitEvent: the same test; when s is not capturing yet and
 * the wait joins it into a capture (an event recorded in one), site is
 * that capture's fork of s. Names no node. */
bool csan_rt_capture_wait(cudaStream_t s, bool pt, const csan_host_site *site, const void *ra);
/* A capture begun on s at site, ended (cudaStreamBeginCapture*,
 * cudaStreamEndCapture): waits are noted only while one is active. */
void csan_rt_capture_begun(cudaStream_t s, bool pt, const csan_host_site *site, const void *ra);
void csan_rt_capture_ended(void);
/* Settles the calling thread's noted call (graph wrappers call it first). */
void csan_rt_capture_settle(void);
/* The node capturing stream s made last (its one capture dependency), or
 * null. */
cudaGraphNode_t csan_rt_capture_last_node(CUstream s);
/* The calling thread's noted library call was checked by csan's check
 * nodes, the last of which is `last` (csan_rt_libcap.c): when it settles,
 * every node after `last` (the library's own, internal ones included) is
 * named after the call and marked lib_checked. */
void csan_rt_capture_lib_checked(cudaGraphNode_t last);

/* Where a node came from: a host site and stack, and the capture stream
 * (0 for a node added explicitly). */
typedef struct csan_rt_node_origin {
  csan_host_site site;
  uint32_t stack;
  CUstream stream;
  /* Made by a library call whose footprint csan checks in the graph by its
   * own check nodes before the call's nodes (csan_rt_libcap.h): the node's
   * own kernel has no twin, and needs none. */
  bool lib_checked;
} csan_rt_node_origin;

/* A node added by cudaGraphAdd*Node at site. _checked: csan's check nodes
 * added before it check its footprint (csan_rt_libcap_add): marked
 * lib_checked. */
void csan_rt_node_added(cudaGraphNode_t node, const csan_host_site *site, const void *ra);
void csan_rt_node_added_checked(cudaGraphNode_t node, const csan_host_site *site,
                                const void *ra);
/* csan's check nodes before node now check its footprint: marked
 * lib_checked (its origin kept, or made without a site). */
void csan_rt_node_mark_checked(cudaGraphNode_t node);
/* Graph `to` is the copy CUDA made of graph `from` for a child graph node
 * (cudaGraphAddChildGraphNode clones the child): its nodes take the
 * origins of from's nodes, paired by position (a copy lists its nodes in
 * the original's order, as csan_rt_graph_inline.c relies on too), the
 * children's nodes too. Nothing when the two do not pair. */
void csan_rt_node_origins_copy(cudaGraph_t from, cudaGraph_t to);
/* False when csan does not know where node came from. */
bool csan_rt_node_origin_get(cudaGraphNode_t node, csan_rt_node_origin *out);
/* Where the latest capture of stream s began; false when unknown. */
bool csan_rt_capture_begin_get(CUstream s, csan_rt_node_origin *out);
/* The wait that forked stream s into capture `id`; false when unknown. */
bool csan_rt_capture_fork_get(CUstream s, unsigned long long id, csan_rt_node_origin *out);

#endif /* CSAN_RT_CAPTURE_H */
