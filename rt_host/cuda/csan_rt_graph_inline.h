/* csan_rt_graph_inline.h: child graphs inlined into csan's copy of a graph
 * (csan_rt_graph_inline.c). CUDA sets exec parameters of top-level nodes
 * only: a kernel inside a child graph gets its per-launch context only as
 * a top-level node of csan's copy. */
#ifndef CSAN_RT_GRAPH_INLINE_H
#define CSAN_RT_GRAPH_INLINE_H

#include "csan_rt.h"

/* Nodes of the program's child graphs and their nodes in csan's copy. */
typedef struct csan_rt_node_map {
  cudaGraphNode_t *from, *to;
  size_t n, cap;
} csan_rt_node_map;

/* Replaces every child node of `copy` (a clone of `graph`) by copies of its
 * graph's nodes, recursively, and pairs each child node of `graph` with
 * its copy in *m. False: a node csan cannot copy (a conditional node), or
 * CUDA refused; `copy` is then half made (the caller clones again). */
bool csan_rt_graph_inline_children(cudaGraph_t copy, cudaGraph_t graph, csan_rt_node_map *m);
/* The node of csan's copy that stands for the program's child node `from`,
 * or null. */
cudaGraphNode_t csan_rt_node_map_get(const csan_rt_node_map *m, cudaGraphNode_t from);
void csan_rt_node_map_free(csan_rt_node_map *m);

#endif /* CSAN_RT_GRAPH_INLINE_H */
