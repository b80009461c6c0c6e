// What csan does not check in a graph with memory alloc/free nodes (CUDA
// neither clones such a graph nor removes nodes from it): the lifetimes of
// a graph where CUDA gave two allocations the same addresses (the second
// alloc node follows the free of the first; csan's markers around the
// launch would cross each other). Its memset nodes are checked: the one
// added after the memory nodes gets csan's check nodes at its add, the one
// added before them at the instantiation (nodes can be added to such a
// graph), so a launch runs two range checks.
// Each kind is named once with the reason and counted in the exit summary,
// never passed over silently (csan-replay checks all of them:
// test/model/graphs/mem-node-*.replay).
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
#include "rt_test.h"

int main(void) {
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 64, SITE)); unsigned long checks = fake_cuda_count("csan_rk_access");
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  struct cudaMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.bytesize = 64;
  cudaGraphNode_t early, mk, set, rel, mk2, rel2;
  struct cudaMemsetParams sp = {buf, 0, 0, 1, 64, 1};
  CK(__csan_cudaGraphAddMemsetNode(&early, g, NULL, 0, &sp, SITE));
  CK(__csan_cudaGraphAddMemAllocNode(&mk, g, &early, 1, &ap, SITE));
  CK(__csan_cudaGraphAddMemsetNode(&set, g, &mk, 1, &sp, SITE));
  CK(__csan_cudaGraphAddMemFreeNode(&rel, g, &set, 1, ap.dptr, SITE));
  void *first = ap.dptr;
  CK(__csan_cudaGraphAddMemAllocNode(&mk2, g, &rel, 1, &ap, SITE));
  NOTE("same addresses: %d", ap.dptr == first);
  CK(__csan_cudaGraphAddMemFreeNode(&rel2, g, &mk2, 1, ap.dptr, SITE));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("range checks: %lu", fake_cuda_count("csan_rk_access") - checks); /* not the allocation's */
  return 0;
}

// CHECK:      same addresses: 1
// CHECK-NEXT: csan: graph memory node: ordered, its lifetime not checked (CUDA gave two allocations of the graph the same addresses, so csan's markers around the launch would cross each other) (counted at exit)
// CHECK-NEXT: range checks: 2
// CHECK-NEXT: csan: 1 call(s) of 1 kind(s) ran unchecked
// CHECK-NEXT: csan:   graph memory node: 1 call(s), first at {{.*}}graph-memory-nodes-unchecked.c:38
// CHECK-NEXT: exit=0
