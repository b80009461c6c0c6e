// A captured graph of one kernel launch (one node, no edges) is checked like
// any other: its launch races with another stream's kernel that wrote the
// bytes it reads. The fixed twin orders the graph's launch after that kernel
// with an event. On a GPU (CUDA 13.0) a list query with room for 0 entries is
// an error, so a graph without edges needs no second query for its edges:
// asking anyway left such a graph unread ("graph csan could not read") and
// every launch of it unchecked.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rw_kernels.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  rw_kernels_register();
  cudaStream_t s, side;
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(side);
  cudaEvent_t written;
  CK(__csan_cudaEventCreate(&written, SITE));
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  LAUNCH(read4, s, &buf);
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture(s, &graph, SITE));
  size_t nodes = 0, edges = 0;
  CK(cudaGraphGetNodes(graph, NULL, &nodes));
  CK(cudaGraphGetEdges(graph, NULL, NULL, NULL, &edges));
  NOTE("graph: %zu node(s), %zu edge(s)", nodes, edges);
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  LAUNCH(write4, side, &buf);
  CK(__csan_cudaEventRecord(written, side, SITE));
  if (fixed)
    CK(__csan_cudaStreamWaitEvent(s, written, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, s, SITE)); // line 39
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("instrumented launches: %lu", fake_cuda_count("launch:twin"));
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  return 0;
}

// RACE:      graph: 1 node(s), 0 edge(s)
// RACE-NOT:  csan:
// RACE:      WARNING: csan: data race (write-read) on 16 bytes
// RACE-NEXT:   Read of size 4 at {{.*}} by kernel read4(int*) on stream {{.*}} (graph launched at {{.*}}graph-capture-single-launch.c:39):
// RACE-NEXT:     #0 read4(int*) k.cu:8:5
// RACE:            #0 {{.*}}graph-capture-single-launch.c:26
// RACE:        Previous write of size 4 by kernel write4(int*) on stream
// RACE-NEXT:     #0 write4(int*) k.cu:3:5
// RACE:      instrumented launches: 2
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      graph: 1 node(s), 0 edge(s)
// FIXED-NEXT: instrumented launches: 2
// FIXED-NEXT: exit=0
