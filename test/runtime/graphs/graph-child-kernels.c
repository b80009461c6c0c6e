// Work inside a child graph is checked, not only ordered: csan's copy of
// the graph holds the child's nodes themselves (CUDA sets per-launch
// parameters of top-level nodes only), so the kernel inside a child graph
// (itself inside a child graph) runs its twin with a context. It races with
// a top-level kernel that has no path to the child node; the report names
// it, its device line and the line that added the outer child node. The
// fixed twin orders the child node after that kernel.
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
  void *args[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)read4, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  cudaGraph_t inner, outer, g;
  cudaGraphNode_t k, e, ci, a, co;
  CK(cudaGraphCreate(&inner, 0));
  CK(cudaGraphAddEmptyNode(&e, inner, NULL, 0));
  CK(cudaGraphAddKernelNode(&k, inner, &e, 1, &p));
  CK(cudaGraphCreate(&outer, 0));
  CK(cudaGraphAddChildGraphNode(&ci, outer, NULL, 0, inner));
  CK(cudaGraphCreate(&g, 0));
  p.func = (void *)write4;
  CK(__csan_cudaGraphAddKernelNode(&a, g, NULL, 0, &p, SITE));
  CK(__csan_cudaGraphAddChildGraphNode(&co, g, fixed ? &a : NULL, fixed ? 1 : 0, outer, SITE));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("instrumented launches: %lu, plain: %lu", fake_cuda_count("launch:twin"),
       fake_cuda_count("launch:plain"));
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes
// RACE-NEXT:   Read of size 4 at {{.*}} by kernel read4(int*) on stream {{.*}} (graph launched at {{.*}}graph-child-kernels.c:37):
// RACE-NEXT:     #0 read4(int*) k.cu:8:5
// RACE:            #0 {{.*}}graph-child-kernels.c:34
// RACE:        Previous write of size 4 by kernel write4(int*) on stream
// RACE-NEXT:     #0 write4(int*) k.cu:3:5
// RACE:            #0 {{.*}}graph-child-kernels.c:33
// RACE:      instrumented launches: 2, plain: 0
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      instrumented launches: 2, plain: 0
// FIXED-NEXT: exit=0
