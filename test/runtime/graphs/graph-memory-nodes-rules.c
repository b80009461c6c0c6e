// CUDA's rules for a graph with memory alloc/free nodes, as the fake keeps
// them and csan lives with them: no clone, no node (or edge) removed, one
// exec at a time (RT cudaGraphAddMemAllocNode, cudaGraphDestroyNode,
// cudaGraphInstantiate). These rules are why csan cannot add range-check
// nodes to such a graph and take them out again. A second instantiation
// that CUDA refuses still gives the program's kernel node its own kernel
// back (csan switched it to the twin in place for the attempt); after the
// first exec is destroyed the graph instantiates again.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)

static void fill_body(const fake_launch *l) { (void)l; }

int main(void) {
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  cudaGraph_t g, c;
  CK(cudaGraphCreate(&g, 0));
  struct cudaMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.bytesize = 64;
  cudaGraphNode_t mk, f, e, rel;
  CK(cudaGraphAddMemAllocNode(&mk, g, NULL, 0, &ap));
  void *args[] = {&ap.dptr};
  struct cudaKernelNodeParams p = {(void *)fill, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  CK(cudaGraphAddKernelNode(&f, g, &mk, 1, &p));
  CK(cudaGraphAddEmptyNode(&e, g, &f, 1));
  CK(cudaGraphAddMemFreeNode(&rel, g, &e, 1, ap.dptr));
  NOTE("clone refused: %d", cudaGraphClone(&c, g) != cudaSuccess);
  cudaGetLastError();
  NOTE("node removal refused: %d", cudaGraphDestroyNode(e) != cudaSuccess);
  cudaGetLastError();
  size_t n = 0;
  CK(cudaGraphGetNodes(g, NULL, &n));
  NOTE("nodes left: %zu", n);
  cudaGraphExec_t x, y;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  NOTE("second exec refused: %d", __csan_cudaGraphInstantiate(&y, g, 0, SITE) != cudaSuccess);
  cudaGetLastError();
  struct cudaKernelNodeParams back;
  CK(cudaGraphKernelNodeGetParams(f, &back));
  NOTE("the program's node runs its own kernel: %d", back.func == (void *)fill);
  CK(__csan_cudaGraphExecDestroy(x, SITE));
  NOTE("after the first exec is gone: %d",
       __csan_cudaGraphInstantiate(&y, g, 0, SITE) == cudaSuccess);
  CK(__csan_cudaGraphExecDestroy(y, SITE));
  return 0;
}

// CHECK:      clone refused: 1
// CHECK-NEXT: node removal refused: 1
// CHECK-NEXT: nodes left: 4
// CHECK:      second exec refused: 1
// CHECK-NEXT: the program's node runs its own kernel: 1
// CHECK-NEXT: after the first exec is gone: 1
// CHECK:      exit=0
