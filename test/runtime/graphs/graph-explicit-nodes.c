// An explicit graph (cudaGraphAddKernelNode) whose two kernel nodes touch the
// same bytes with no path between them: the launch reports the race between
// the two nodes, naming both kernels, their device lines and the lines that
// added the nodes. The fixed twin adds the edge (cudaGraphAddDependencies).
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(produce)
KERNEL_STUB(consume)
static int32_t psite, csite;

static void produce_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, psite);
}
static void consume_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_READ, csite);
}

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fake_cuda_register_kernel((const void *)produce, "_Z7producePi", FAKE_TWIN_OK, 1, produce_body);
  fake_cuda_register_kernel((const void *)consume, "_Z7consumePi", FAKE_TWIN_OK, 1, consume_body);
  psite = fake_cuda_site("nodes.cu", 10, 3, "_Z7producePi", CSAN_ACC_WRITE, 4);
  csite = fake_cuda_site("nodes.cu", 20, 7, "_Z7consumePi", CSAN_ACC_READ, 4);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  void *args[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)produce, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  cudaGraphNode_t a, b;
  CK(__csan_cudaGraphAddKernelNode(&a, g, NULL, 0, &p, SITE));
  p.func = (void *)consume;
  CK(__csan_cudaGraphAddKernelNode(&b, g, NULL, 0, &p, SITE));
  if (fixed)
    CK(cudaGraphAddDependencies(g, &a, &b, NULL, 1));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("instrumented launches: %lu", fake_cuda_count("launch:twin"));
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes
// RACE-NEXT:   Read of size 4 at {{.*}} by kernel consume(int*) on stream {{.*}} (graph launched at {{.*}}graph-explicit-nodes.c:45):
// RACE-NEXT:     #0 consume(int*) nodes.cu:20:7
// RACE:            #0 {{.*}}graph-explicit-nodes.c:40
// RACE:        Previous write of size 4 by kernel produce(int*) on stream {{.*}} (graph launched at {{.*}}graph-explicit-nodes.c:45):
// RACE-NEXT:     #0 produce(int*) nodes.cu:10:3
// RACE:            #0 {{.*}}graph-explicit-nodes.c:38
// RACE:      instrumented launches: 2
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      instrumented launches: 2
// FIXED-NEXT: exit=0
