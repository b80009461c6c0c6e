// A kernel node added through the driver (cuGraphAddKernelNode) may name a
// kernel the CUDA runtime does not know, and csan's read of the node through
// the runtime then fails. That failure is csan's own: the program's next
// cudaGetLastError still returns cudaSuccess (on a GPU, a graph holding
// cuBLAS's captured kernels left cudaErrorInvalidDeviceFunction there, and
// the program's check of its next launch failed). The node is named as
// unchecked, at the graph's instantiation.
// RUN: %cc_rt -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
#include "lib_test.h"

typedef CUresult (*add_kernel_node_fn)(CUgraphNode *, CUgraph, const CUgraphNode *, size_t,
                                       const CUDA_KERNEL_NODE_PARAMS *);

int main(void) {
  lib_kernels_register();
  add_kernel_node_fn add = NULL;
  enum cudaDriverEntryPointQueryResult st;
  CK(cudaGetDriverEntryPointByVersion("cuGraphAddKernelNode", (void **)&add, 12000, 0, &st));
  CUdeviceptr buf;
  LK(__csan_cuMemAlloc_v2(&buf, 64, SITE));
  CUfunction f;
  CK(cudaGetFuncBySymbol((cudaFunction_t *)&f, (const void *)kwrite));
  size_t n = 16;
  void *args[] = {&buf, &n};
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  CUDA_KERNEL_NODE_PARAMS p;
  memset(&p, 0, sizeof p);
  p.func = f;
  p.gridDimX = p.gridDimY = p.gridDimZ = 1;
  p.blockDimX = 32;
  p.blockDimY = p.blockDimZ = 1;
  p.kernelParams = args;
  CUgraphNode node;
  LK(add(&node, (CUgraph)g, NULL, 0, &p));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  NOTE("last error after the instantiation: %s", cudaGetErrorName(cudaGetLastError()));
  CK(__csan_cudaGraphExecDestroy(x, SITE));
  return 0;
}

// CHECK: last error after the instantiation: cudaSuccess
// CHECK: csan: 1 call(s) of 1 kind(s) ran unchecked
// CHECK-NEXT: csan:   graph kernel node csan cannot read: 1 call(s), first at {{.*}}driver-graph-kernel-node-last-error.c:39: the CUDA runtime does not know the node's kernel
// CHECK: exit=0
