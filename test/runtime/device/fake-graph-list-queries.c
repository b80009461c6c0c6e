// The fake answers the graph list queries as CUDA 13.0 did on an H200 (a
// probe in csan's first GPU run; the CHECK lines are its output): NULL lists
// ask for the count and succeed, also where it is 0; a list with room for 0
// entries is cudaErrorInvalidValue even where there is nothing to return;
// more room than entries is fine. csan's runtime once asked anyway and left
// graphs without edges unchecked on the GPU while every CPU test passed.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1
// RUN: FileCheck %s --match-full-lines < %t.out
#include "rt_test.h"

int main(void) {
  cudaGraph_t g, e;
  CK(cudaGraphCreate(&g, 0));
  CK(cudaGraphCreate(&e, 0));
  cudaGraphNode_t a, nodes[4], from[4], to[4], deps[4];
  cudaGraphEdgeData ed[4];
  CK(cudaGraphAddEmptyNode(&a, g, NULL, 0));
  size_t n = 0, ne = 0, nd = 0;
  cudaError_t r = cudaGraphGetNodes(g, NULL, &n);
  printf("cudaGraphGetNodes(g, NULL, &n) -> %s, n=%zu\n", cudaGetErrorName(r), n);
  r = cudaGraphGetEdges(g, NULL, NULL, NULL, &ne);
  printf("cudaGraphGetEdges(g, NULL, NULL, NULL, &ne) -> %s, ne=%zu\n", cudaGetErrorName(r), ne);
  ne = 0;
  r = cudaGraphGetEdges(g, from, to, ed, &ne);
  printf("ne=0; cudaGraphGetEdges(g, from, to, ed, &ne) -> %s\n", cudaGetErrorName(r));
  ne = 0;
  r = cudaGraphGetEdges(g, from, to, NULL, &ne);
  printf("ne=0; cudaGraphGetEdges(g, from, to, NULL, &ne) -> %s\n", cudaGetErrorName(r));
  ne = 4;
  r = cudaGraphGetEdges(g, from, to, ed, &ne);
  printf("ne=4; cudaGraphGetEdges(g, from, to, ed, &ne) -> %s, ne=%zu\n", cudaGetErrorName(r), ne);
  r = cudaGraphNodeGetDependencies(a, NULL, NULL, &nd);
  printf("cudaGraphNodeGetDependencies(a, NULL, NULL, &nd) -> %s, nd=%zu\n", cudaGetErrorName(r),
         nd);
  nd = 0;
  r = cudaGraphNodeGetDependencies(a, deps, NULL, &nd);
  printf("nd=0; cudaGraphNodeGetDependencies(a, deps, NULL, &nd) -> %s\n", cudaGetErrorName(r));
  nd = 0;
  r = cudaGraphNodeGetDependentNodes(a, deps, NULL, &nd);
  printf("nd=0; cudaGraphNodeGetDependentNodes(a, deps, NULL, &nd) -> %s\n", cudaGetErrorName(r));
  nd = 4;
  r = cudaGraphNodeGetDependencies(a, deps, NULL, &nd);
  printf("nd=4; cudaGraphNodeGetDependencies(a, deps, NULL, &nd) -> %s, nd=%zu\n",
         cudaGetErrorName(r), nd);
  n = 0;
  r = cudaGraphGetNodes(e, nodes, &n);
  printf("empty graph: n=0; cudaGraphGetNodes(e, nodes, &n) -> %s\n", cudaGetErrorName(r));
  n = 0;
  r = cudaGraphGetRootNodes(e, nodes, &n);
  printf("empty graph: n=0; cudaGraphGetRootNodes(e, nodes, &n) -> %s\n", cudaGetErrorName(r));
  /* Not in the probe: the documented NULLs past the entries returned. */
  n = 4;
  nodes[1] = a;
  r = cudaGraphGetNodes(g, nodes, &n);
  printf("n=4; cudaGraphGetNodes(g, nodes, &n) -> %s, n=%zu, nodes[0]%s, nodes[1]%s\n",
         cudaGetErrorName(r), n, nodes[0] == a ? "=a" : "!=a", nodes[1] ? "!=NULL" : "=NULL");
  return 0;
}

// CHECK:      cudaGraphGetNodes(g, NULL, &n) -> cudaSuccess, n=1
// CHECK-NEXT: cudaGraphGetEdges(g, NULL, NULL, NULL, &ne) -> cudaSuccess, ne=0
// CHECK-NEXT: ne=0; cudaGraphGetEdges(g, from, to, ed, &ne) -> cudaErrorInvalidValue
// CHECK-NEXT: ne=0; cudaGraphGetEdges(g, from, to, NULL, &ne) -> cudaErrorInvalidValue
// CHECK-NEXT: ne=4; cudaGraphGetEdges(g, from, to, ed, &ne) -> cudaSuccess, ne=0
// CHECK-NEXT: cudaGraphNodeGetDependencies(a, NULL, NULL, &nd) -> cudaSuccess, nd=0
// CHECK-NEXT: nd=0; cudaGraphNodeGetDependencies(a, deps, NULL, &nd) -> cudaErrorInvalidValue
// CHECK-NEXT: nd=0; cudaGraphNodeGetDependentNodes(a, deps, NULL, &nd) -> cudaErrorInvalidValue
// CHECK-NEXT: nd=4; cudaGraphNodeGetDependencies(a, deps, NULL, &nd) -> cudaSuccess, nd=0
// CHECK-NEXT: empty graph: n=0; cudaGraphGetNodes(e, nodes, &n) -> cudaErrorInvalidValue
// CHECK-NEXT: empty graph: n=0; cudaGraphGetRootNodes(e, nodes, &n) -> cudaErrorInvalidValue
// CHECK-NEXT: n=4; cudaGraphGetNodes(g, nodes, &n) -> cudaSuccess, n=1, nodes[0]=a, nodes[1]=NULL
