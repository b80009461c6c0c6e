/* csan_graph.h: CUDA graphs as an ordering structure, free of CUDA.
 *
 * A graph is nodes and edges (csan_graph), whatever made it: stream
 * capture, cudaGraphAdd*Node, cloning, child graphs. The ordering inside a
 * graph is its edges and nothing else (RT cudaGraphAddDependencies), so
 * the host runtime reads them from CUDA (cudaGraphGetNodes/GetEdges) and
 * csan-replay from its schedule, and both hand the same topology to this
 * file.
 *
 * An instantiated graph (csan_gexec) is expanded into the vector-clock
 * model, not checked by a model of its own:
 *  - child graphs are inlined (a child node becomes its child's nodes,
 *    followed by an empty node that stands for its completion);
 *  - the nodes are covered by chains (greedily, in topological order: a
 *    node continues the chain of a dependency that ends there, else starts
 *    a chain); each chain is a lane, a non-blocking model stream the exec
 *    owns, so a chain's nodes are ordered by program order on their lane;
 *  - an edge between two lanes is an event recorded after its source and
 *    waited for by its target's lane before the target;
 *  - a launch on stream S records an entry event on S (everything earlier
 *    in S, with the legacy rule) that every lane waits for, and every lane
 *    also waits for the previous launch of the same exec, on any stream
 *    (RT cudaGraphLaunch: "only one instance of a graph exec may execute at
 *    a time"); after the nodes, S waits for every lane, so S's later work is
 *    ordered after the whole launch.
 * Two nodes with no path between them then get unordered clocks, and the
 * shadow's ordinary check reports their conflicting accesses; a node
 * against work of other streams, two execs on two streams, event record
 * and wait nodes, alloc and free nodes all follow from the same clocks.
 *
 * Lanes are stream slots (at most 254 live): an exec makes at most
 * max_lanes of them. A graph wider than that, or one instantiated when no
 * slot is free, puts further chains on existing lanes, which orders nodes
 * CUDA does not order (races among them can be missed); csan_gexec_merged()
 * says so and the caller warns.
 *
 * Not thread-safe: the caller serializes calls for one graph or exec (the
 * model itself is thread-safe).
 */
#ifndef CSAN_GRAPH_H
#define CSAN_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "csan_model.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum csan_gnode_kind {
  CSAN_GNODE_EMPTY = 0,   /* orders only (cudaGraphAddEmptyNode) */
  CSAN_GNODE_KERNEL,
  CSAN_GNODE_MEMCPY,      /* 1D, 2D, 3D, to/from symbol */
  CSAN_GNODE_MEMSET,
  CSAN_GNODE_HOST,        /* a host function: an operation, no memory */
  CSAN_GNODE_EVENT_RECORD,
  CSAN_GNODE_EVENT_WAIT,
  CSAN_GNODE_CHILD,       /* inlined at instantiation */
  CSAN_GNODE_MEM_ALLOC,
  CSAN_GNODE_MEM_FREE,
  CSAN_GNODE_UNCHECKED    /* conditional, device graph launch, ...: orders only */
} csan_gnode_kind;

/* The name of a kind, for messages ("kernel", "memcpy", ...). */
const char *csan_gnode_kind_name(csan_gnode_kind kind);

typedef struct csan_graph csan_graph;

csan_graph *csan_graph_create(void);
void csan_graph_destroy(csan_graph *g);
/* A copy (cudaGraphClone); null when out of memory. */
csan_graph *csan_graph_clone(const csan_graph *g);
/* Adds a node after deps[0..ndeps) (existing node ids); payload is the
 * caller's, handed back at launch. A child node takes a copy of child
 * (cudaGraphAddChildGraphNode clones it). Returns 0 and the node's id in
 * *id, or CSAN_MODEL_EINVAL / CSAN_MODEL_ENOMEM. */
int csan_graph_add_node(csan_graph *g, csan_gnode_kind kind, uint64_t payload,
                        const csan_graph *child, const uint32_t *deps, size_t ndeps,
                        uint32_t *id);
/* An edge from -> to (cudaGraphAddDependencies); a duplicate is ignored. */
int csan_graph_add_edge(csan_graph *g, uint32_t from, uint32_t to);
/* Marks the edge from -> to programmatic (PDL: `to`, a kernel, may begin
 * before `from` ends; only its part after cudaGridDependencySynchronize is
 * ordered after it). EINVAL when there is no such edge. */
int csan_graph_set_programmatic(csan_graph *g, uint32_t from, uint32_t to);
bool csan_graph_programmatic(const csan_graph *g, uint32_t from, uint32_t to);
uint32_t csan_graph_count(const csan_graph *g);
csan_gnode_kind csan_graph_kind(const csan_graph *g, uint32_t id);
uint64_t csan_graph_payload(const csan_graph *g, uint32_t id);
void csan_graph_set_payload(csan_graph *g, uint32_t id, uint64_t payload);
/* A child node's graph (its own copy), else null. */
const csan_graph *csan_graph_child(const csan_graph *g, uint32_t id);
/* The dependencies of a node. */
size_t csan_graph_deps(const csan_graph *g, uint32_t id, const uint32_t **deps);
/* True iff a path of edges leads from `from` to `to` (from == to included). */
bool csan_graph_reaches(const csan_graph *g, uint32_t from, uint32_t to);
/* Same nodes (kinds), same edges, same child graphs: what
 * cudaGraphExecUpdate requires of a graph to take its parameters. */
bool csan_graph_same_topology(const csan_graph *a, const csan_graph *b);

/* ---- Executable graphs ---------------------------------------------------- */

/* A node of an exec, after child graphs were inlined. */
typedef struct csan_gexec_node {
  csan_gnode_kind kind; /* never CSAN_GNODE_CHILD */
  uint64_t payload;     /* the graph node's; csan_gexec_set_payload changes it */
  uint32_t top;         /* the node of the instantiated graph it came from */
  bool in_child;        /* it came from a child graph of node `top` */
  uint32_t lane;
} csan_gexec_node;

typedef struct csan_gexec csan_gexec;

#define CSAN_GRAPH_MAX_LANES 64

/* Instantiates g: inlines child graphs, covers the nodes by chains, makes
 * the lanes and the join events in the model. CSAN_MODEL_EINVAL for a
 * cycle, CSAN_MODEL_ENOMEM. */
int csan_gexec_create(csan_model *m, const csan_graph *g, uint32_t max_lanes, csan_gexec **out);
/* Destroys the lanes and events in the model (nothing it ordered changes). */
void csan_gexec_destroy(csan_model *m, csan_gexec *x);
uint32_t csan_gexec_count(const csan_gexec *x);
const csan_gexec_node *csan_gexec_node_at(const csan_gexec *x, uint32_t i);
/* The nodes node i depends on (indices of this exec's nodes). */
size_t csan_gexec_deps(const csan_gexec *x, uint32_t i, const uint32_t **deps);
uint32_t csan_gexec_lanes(const csan_gexec *x);
/* Whether the edge between flat nodes from -> to is programmatic. */
bool csan_gexec_programmatic(const csan_gexec *x, uint32_t from, uint32_t to);
/* The nodes node i may overlap before its wait on the grid dependencies:
 * the sources of its programmatic edges and, back along programmatic
 * edges, theirs, except those i is ordered after through an ordinary
 * dependency. At most max of them in out; their number. */
size_t csan_gexec_overlapped(const csan_gexec *x, uint32_t i, uint32_t *out, size_t max);
/* What a launch's caller keeps per flat node: the operation issued for it
 * (0: none yet). */
static inline uint64_t csan_gexec_mark(uint32_t slot, csan_epoch_t epoch) {
  return (uint64_t)slot << 32 | epoch;
}
/* vc (CSAN_MAX_SLOTS epochs, node i's clock) as of before i's wait on the
 * grid dependencies: each node it may overlap is left out, down to the
 * epoch before its operation (marks: per flat node, csan_gexec_mark). */
void csan_gexec_pre_wait_clock(const csan_gexec *x, uint32_t i, const uint64_t *marks,
                               csan_epoch_t *vc);
/* True when some chains share a lane (too wide, or no slot was free). */
bool csan_gexec_merged(const csan_gexec *x);
/* The parameters of the exec's copy of graph node `top` (not one inside a
 * child graph) for later launches (cudaGraphExec*NodeSetParams). */
int csan_gexec_set_payload(csan_gexec *x, uint32_t top, uint64_t payload);
/* cudaGraphExecUpdate: every node takes the payload of the same node of g,
 * whose topology must be the instantiated graph's (else EINVAL, nothing
 * changes). */
int csan_gexec_update(csan_gexec *x, const csan_graph *g);
/* The lane stream a node is issued on. */
csan_key csan_gexec_lane_key(const csan_gexec *x, uint32_t lane);

/* Issues node i of a launch on `lane` (a model stream key): an operation
 * for kernels, copies, sets, host functions, allocations and frees; an
 * event record or wait on the lane for event nodes; for an unchecked node,
 * what the caller says about it (it orders only). Not called for empty
 * nodes. Returns 0, or a nonzero value that stops the launch
 * (returned by csan_gexec_launch; the ordering of the launch so far
 * stays). */
typedef int (*csan_gexec_issue_fn)(void *ctx, const csan_gexec *x, uint32_t i, csan_key lane);

/* A launch of x on `stream` (csan_model key): orders the launch after the
 * stream's earlier work and after x's previous launch, issues every node in
 * a topological order with its joins, and orders the stream's later work
 * after all of it. Returns 0, a model error, or fn's nonzero value. */
int csan_gexec_launch(csan_model *m, csan_gexec *x, csan_key stream, csan_gexec_issue_fn fn,
                      void *ctx);
/* Launches so far. */
uint64_t csan_gexec_launches(const csan_gexec *x);

/* Stream capture errors reported (an unjoined fork: a bug of the program,
 * as a race is): the exit summary counts them and they set the exit
 * status. Thread-safe. */
void csan_graph_capture_error_add(void);
uint64_t csan_graph_capture_errors(void);

#ifdef __cplusplus
}
#endif
#endif /* CSAN_GRAPH_H */
