// A programmatic (PDL) edge between two kernel nodes (edge data of type
// cudaGraphDependencyTypeProgrammatic from the programmatic port): the
// downstream kernel may start before the upstream one ends, and only its
// part after cudaGridDependencySynchronize is ordered. csan checks the edge
// as a full dependency, names that once and counts it in the exit summary.
// Without the edge the nodes race (the race twin).
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not="data race" < %t.out
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
  psite = fake_cuda_site("pdl.cu", 10, 3, "_Z7producePi", CSAN_ACC_WRITE, 4);
  csite = fake_cuda_site("pdl.cu", 20, 7, "_Z7consumePi", CSAN_ACC_READ, 4);
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
  cudaGraphEdgeData pdl;
  memset(&pdl, 0, sizeof pdl);
  pdl.from_port = cudaGraphKernelNodePortProgrammatic;
  pdl.type = cudaGraphDependencyTypeProgrammatic;
  if (fixed)
    CK(cudaGraphAddDependencies(g, &a, &b, &pdl, 1));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("instrumented launches: %lu", fake_cuda_count("launch:twin"));
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes
// RACE-NEXT:   Read of size 4 at {{.*}} by kernel consume(int*) on stream
// RACE:        Previous write of size 4 by kernel produce(int*) on stream
// RACE:      instrumented launches: 2
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      csan: graph programmatic dependency (PDL): checked as a full dependency: what the downstream kernel does before cudaGridDependencySynchronize is not checked against the upstream kernel (counted at exit)
// FIXED-NEXT: instrumented launches: 2
// FIXED:      csan: 1 call(s) of 1 kind(s) ran unchecked
// FIXED-NEXT: csan:   graph programmatic dependency (PDL): 1 call(s), first at {{.*}}graph-pdl-edge.c:50
// FIXED-NEXT: exit=0
