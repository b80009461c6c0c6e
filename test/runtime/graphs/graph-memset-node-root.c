// A memset node without dependencies (a root of its graph) is range-checked
// like any other: a kernel node that reads the bytes it sets, with no path
// from the memset to it, races with it. The fixed twin makes the kernel
// depend on the memset. On a GPU (CUDA 13.0) a list query with room for 0
// entries is an error, so a node without dependencies needs no second query
// for them: asking anyway left the node unchecked ("graph memset node csan
// cannot check"). The graph has an edge elsewhere (write4 -> read4), so it
// is the memset node's own query this test needs, not the graph's.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rw_kernels.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  rw_kernels_register();
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf, *aux;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  CK(__csan_cudaMalloc((void **)&aux, 16, SITE));
  unsigned long checks = fake_cuda_count("csan_rk_access"); /* the graph's, not the allocations' */
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  struct cudaMemsetParams mp = {buf, 0, 0, 1, 16, 1};
  cudaGraphNode_t set, w, r;
  CK(__csan_cudaGraphAddMemsetNode(&set, g, NULL, 0, &mp, SITE)); // line 29
  void *wargs[] = {&aux}, *rargs[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)write4, {1, 1, 1}, {32, 1, 1}, 0, wargs, NULL};
  CK(__csan_cudaGraphAddKernelNode(&w, g, NULL, 0, &p, SITE));
  p.func = (void *)read4;
  p.kernelParams = rargs;
  cudaGraphNode_t deps[] = {w, set};
  CK(__csan_cudaGraphAddKernelNode(&r, g, deps, fixed ? 2 : 1, &p, SITE)); // line 36
  size_t roots = 0;
  CK(cudaGraphGetRootNodes(g, NULL, &roots));
  NOTE("graph: %zu root(s)", roots);
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE)); // line 42
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("range checks: %lu", fake_cuda_count("csan_rk_access") - checks);
  return 0;
}

// RACE:      graph: 2 root(s)
// RACE-NOT:  csan:
// RACE:      WARNING: csan: data race (read-write) on 16 bytes
// RACE-NEXT:   Write of size 16 at {{.*}} by cudaMemset (graph node) on stream {{.*}} (graph launched at {{.*}}graph-memset-node-root.c:42):
// RACE:            #0 {{.*}}graph-memset-node-root.c:29
// RACE:        Previous read of size 4 by kernel read4(int*) on stream {{.*}} (graph launched at {{.*}}graph-memset-node-root.c:42):
// RACE-NEXT:     #0 read4(int*) k.cu:8:5
// RACE:            #0 {{.*}}graph-memset-node-root.c:36
// RACE:        Location: bytes [0, 16) of a 16-byte allocation
// RACE-NOT:  WARNING
// RACE:      range checks: 1
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      graph: 2 root(s)
// FIXED-NEXT: range checks: 1
// FIXED-NEXT: exit=0
