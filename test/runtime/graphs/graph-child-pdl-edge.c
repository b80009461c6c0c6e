// A programmatic (PDL) edge inside a child graph: csan inlines the child
// into its copy of the graph, asking for each node's dependencies with
// their edge data (a query without it fails on a programmatic edge with
// cudaErrorLossyQuery, and the child's kernels then ran unchecked). The
// edge orders only the downstream kernel's part after its wait, as at the
// top level (graph-pdl-edge.c): without the edge the child's two kernels
// race (RACE), with it a reader that does not wait races (PDL), one that
// reads after its wait does not (FIXED).
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t pdl > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=PDL < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not="data race" < %t.out
#include "rw_kernels.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  int edge = fixed || (argc > 1 && !strcmp(argv[1], "pdl"));
  rw_kernels_register();
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  cudaGraph_t g, child;
  CK(cudaGraphCreate(&g, 0));
  CK(cudaGraphCreate(&child, 0));
  void *args[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)write4, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  cudaGraphNode_t a, b, c;
  CK(__csan_cudaGraphAddKernelNode(&a, child, NULL, 0, &p, SITE));
  p.func = fixed ? (void *)wait_read4 : (void *)read4;
  CK(__csan_cudaGraphAddKernelNode(&b, child, NULL, 0, &p, SITE));
  cudaGraphEdgeData pdl;
  memset(&pdl, 0, sizeof pdl);
  pdl.from_port = cudaGraphKernelNodePortProgrammatic;
  pdl.type = cudaGraphDependencyTypeProgrammatic;
  if (edge)
    CK(cudaGraphAddDependencies(child, &a, &b, &pdl, 1));
  CK(__csan_cudaGraphAddChildGraphNode(&c, g, NULL, 0, child, SITE));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("instrumented launches: %lu", fake_cuda_count("launch:twin"));
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes
// RACE-NEXT:   Read of size 4 at {{.*}} by kernel read4(int*) on stream
// RACE:        Previous write of size 4 by kernel write4(int*) on stream
// RACE:      instrumented launches: 2
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// PDL:      WARNING: csan: data race (write-read) on 16 bytes
// PDL-NEXT:   Read of size 4 at {{.*}} by kernel read4(int*) on stream
// PDL:        Previous write of size 4 by kernel write4(int*) on stream
// PDL:      instrumented launches: 2
// PDL:      csan: reported 1 data race(s)
// PDL-NEXT: exit=66

// FIXED:      instrumented launches: 2
// FIXED-NEXT: exit=0
