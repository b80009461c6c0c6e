// The fake's graph queries return edge data as it was added, and a query
// that would return a programmatic (PDL) edge without its data (edgeData
// NULL) is cudaErrorLossyQuery, as CUDA documents it for
// cuGraphGetEdges_v2 / cuGraphNodeGetDependencies_v2 (what CUDA 13's
// runtime calls); a count-only query loses nothing and succeeds. csan's
// runtime must ask for the data wherever an edge may carry some.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1
// RUN: FileCheck %s --match-full-lines < %t.out
#include "rt_test.h"

int main(void) {
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  cudaGraphNode_t a, b, c, from[2], to[2], deps[2];
  CK(cudaGraphAddEmptyNode(&a, g, NULL, 0));
  CK(cudaGraphAddEmptyNode(&b, g, NULL, 0));
  CK(cudaGraphAddEmptyNode(&c, g, &a, 1));
  cudaGraphEdgeData pdl, ed[2];
  memset(&pdl, 0, sizeof pdl);
  pdl.from_port = cudaGraphKernelNodePortProgrammatic;
  pdl.type = cudaGraphDependencyTypeProgrammatic;
  CK(cudaGraphAddDependencies(g, &a, &b, &pdl, 1));
  size_t n = 0;
  cudaError_t r = cudaGraphGetEdges(g, NULL, NULL, NULL, &n);
  printf("edges, count only -> %s, n=%zu\n", cudaGetErrorName(r), n);
  n = 2;
  r = cudaGraphGetEdges(g, from, to, NULL, &n);
  printf("edges without data -> %s\n", cudaGetErrorName(r));
  n = 2;
  memset(ed, 0xff, sizeof ed);
  r = cudaGraphGetEdges(g, from, to, ed, &n);
  for (size_t i = 0; r == cudaSuccess && i < n; i++)
    printf("edge %s->%s type %d from_port %d\n", from[i] == a ? "a" : "?",
           to[i] == b ? "b" : to[i] == c ? "c" : "?", ed[i].type, ed[i].from_port);
  n = 2;
  r = cudaGraphNodeGetDependencies(b, deps, NULL, &n);
  printf("b's dependencies without data -> %s\n", cudaGetErrorName(r));
  n = 2;
  memset(ed, 0xff, sizeof ed);
  r = cudaGraphNodeGetDependencies(b, deps, ed, &n);
  printf("b's dependencies with data -> %s, n=%zu, type %d, then %s\n", cudaGetErrorName(r), n,
         ed[0].type, deps[1] ? "a node" : "NULL");
  n = 2;
  r = cudaGraphNodeGetDependencies(c, deps, NULL, &n);
  printf("c's dependencies without data (a full edge) -> %s, n=%zu\n", cudaGetErrorName(r), n);
  n = 2;
  r = cudaGraphNodeGetDependentNodes(a, deps, NULL, &n);
  printf("a's dependents without data -> %s\n", cudaGetErrorName(r));
  n = 0;
  r = cudaGraphNodeGetDependentNodes(a, NULL, NULL, &n);
  printf("a's dependents, count only -> %s, n=%zu\n", cudaGetErrorName(r), n);
  return 0;
}

// CHECK:      edges, count only -> cudaSuccess, n=2
// CHECK-NEXT: edges without data -> cudaErrorLossyQuery
// CHECK-DAG:  edge a->c type 0 from_port 0
// CHECK-DAG:  edge a->b type 1 from_port 1
// CHECK:      b's dependencies without data -> cudaErrorLossyQuery
// CHECK-NEXT: b's dependencies with data -> cudaSuccess, n=1, type 1, then NULL
// CHECK-NEXT: c's dependencies without data (a full edge) -> cudaSuccess, n=1
// CHECK-NEXT: a's dependents without data -> cudaErrorLossyQuery
// CHECK-NEXT: a's dependents, count only -> cudaSuccess, n=2
