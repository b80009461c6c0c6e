// CSAN_OPTIONS=graph_dot=PREFIX at run time: a race between two nodes of
// one graph launch writes the exec's graph as Graphviz DOT (each node with
// its kind, kernel and the line that added it; the two racing nodes in red;
// the missing path dashed) and the report names the file in a note. The
// fixed graph (the reader after the empty node that follows the writer)
// writes nothing.
// RUN: %cc_rt -o %t
// RUN: rm -f %t.pic.*.dot
// RUN: env CSAN_OPTIONS=graph_dot=%t.pic %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: FileCheck %s --check-prefix=DOT < %t.pic.exec1.36.dot
// RUN: rm -f %t.pic.*.dot
// RUN: env CSAN_OPTIONS=graph_dot=%t.pic %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
// RUN: not ls %t.pic.exec1.36.dot
#include "rw_kernels.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  rw_kernels_register();
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  void *args[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)write4, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  cudaGraphNode_t a, mid, b;
  CK(__csan_cudaGraphAddKernelNode(&a, g, NULL, 0, &p, SITE));
  CK(__csan_cudaGraphAddEmptyNode(&mid, g, &a, 1, SITE));
  p.func = (void *)read4;
  CK(__csan_cudaGraphAddKernelNode(&b, g, fixed ? &mid : NULL, fixed ? 1 : 0, &p, SITE));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes
// RACE:        Note: the graph with this race (no path between its two nodes): {{.*}}.pic.exec1.36.dot
// RACE-NEXT: SUMMARY: csan: data race (write-read) k.cu:8:5 in read4(int*)
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// DOT:      digraph "graph exec 1 launched at {{.*}}graph-dot.c:36" {
// DOT-NEXT:   n0 [label="kernel write4(int*)\ngraph-dot.c:30", color=red, penwidth=2];
// DOT-NEXT:   n1 [label="kernel read4(int*)\ngraph-dot.c:33", color=red, penwidth=2];
// DOT-NEXT:   n2 [label="empty\ngraph-dot.c:31"];
// DOT-NEXT:   n0 -> n2;
// DOT-NEXT:   n0 -> n1 [style=dashed, color=red, label="no path: race"];
// DOT-NEXT: }

// FIXED:      exit=0
