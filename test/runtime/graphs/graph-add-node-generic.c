// Nodes added with the generic cudaGraphAddNode (CUDA 12.2+; CUDA 13 passes
// edge data too) are named by the line that added them, like the kind-wise
// adds (before, csan did not wrap it and named such a node after the graph
// launch). Two kernel nodes, one made each way, race on the same bytes; the
// fixed twin gives the generic add a dependency (with its edge data) on the
// first node.
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
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  void *args[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)write4, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  cudaGraphNode_t a, b;
  CK(__csan_cudaGraphAddKernelNode(&a, g, NULL, 0, &p, SITE));
  struct cudaGraphNodeParams q;
  memset(&q, 0, sizeof q);
  q.type = cudaGraphNodeTypeKernel;
  q.kernel.func = (void *)read4;
  q.kernel.gridDim = (dim3){1, 1, 1};
  q.kernel.blockDim = (dim3){32, 1, 1};
  q.kernel.kernelParams = args;
  cudaGraphEdgeData edge;
  memset(&edge, 0, sizeof edge);
  CK(__csan_cudaGraphAddNode(&b, g, fixed ? &a : NULL, fixed ? &edge : NULL, fixed ? 1 : 0, &q,
                             SITE));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("instrumented launches: %lu", fake_cuda_count("launch:twin"));
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes
// RACE-NEXT:   Read of size 4 at {{.*}} by kernel read4(int*) on stream {{.*}} (graph launched at {{.*}}graph-add-node-generic.c:40):
// RACE-NEXT:     #0 read4(int*) k.cu:8:5
// RACE:            #0 {{.*}}graph-add-node-generic.c:36
// RACE:        Previous write of size 4 by kernel write4(int*) on stream {{.*}} (graph launched at {{.*}}graph-add-node-generic.c:40):
// RACE-NEXT:     #0 write4(int*) k.cu:3:5
// RACE:            #0 {{.*}}graph-add-node-generic.c:26
// RACE:      instrumented launches: 2
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      instrumented launches: 2
// FIXED-NEXT: exit=0
