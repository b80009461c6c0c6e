// A kernel captured into a graph that is then added as a child node of
// another graph: CUDA's child node holds a copy of the graph (new nodes),
// and csan passes each node's name (the line that captured it) to its copy
// when the child node is added (cudaGraphAddChildGraphNode), so a race of
// the inner kernel names the line of its <<<>>> in the capture, not the
// line that added the child node. The reader is a top-level kernel node
// with no path to the child; the fixed twin orders it after the child.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
#include "rw_kernels.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  rw_kernels_register();
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  cudaGraph_t inner, g;
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  LAUNCH(write4, s, &buf);
  CK(__csan_cudaStreamEndCapture(s, &inner, SITE));
  CK(cudaGraphCreate(&g, 0));
  cudaGraphNode_t child, reader;
  CK(__csan_cudaGraphAddChildGraphNode(&child, g, NULL, 0, inner, SITE));
  void *args[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)read4, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  CK(__csan_cudaGraphAddKernelNode(&reader, g, fixed ? &child : NULL, fixed ? 1 : 0, &p, SITE));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  CK(__csan_cudaGraphExecDestroy(x, SITE));
  return 0;
}

// RACE:      WARNING: csan: data race
// RACE:        by kernel write4(int*) on stream {{.*}} (graph launched at {{.*}}graph-child-origins.c:34):
// RACE-NEXT:     #0 write4(int*) k.cu:3:5
// RACE:          issued at:
// RACE-NEXT:       #0 {{.*}} in main {{.*}}graph-child-origins.c:24:
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: exit=0
