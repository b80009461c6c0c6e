// cudaGraphExecUpdate takes every node's parameters from a graph of the
// same topology, for later launches only: after the update (race) the
// exec's kernel writes the buffer a side stream reads; the fixed twin
// updates it from a graph that writes another buffer. A graph of another
// topology is refused (cudaErrorGraphExecUpdateFailure) and changes
// nothing.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
KERNEL_STUB(look)
static int32_t fsite, lsite;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, fsite);
}
static void look_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_READ, lsite);
}

static cudaGraph_t one_fill(int **buf) {
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  void *args[] = {buf};
  struct cudaKernelNodeParams p = {(void *)fill, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  cudaGraphNode_t n;
  CK(cudaGraphAddKernelNode(&n, g, NULL, 0, &p));
  return g;
}

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  fake_cuda_register_kernel((const void *)look, "_Z4lookPi", FAKE_TWIN_OK, 1, look_body);
  fsite = fake_cuda_site("fill.cu", 2, 3, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  lsite = fake_cuda_site("look.cu", 5, 3, "_Z4lookPi", CSAN_ACC_READ, 4);
  cudaStream_t s, side;
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(side);
  int *a, *b, *c;
  CK(__csan_cudaMalloc((void **)&a, 16, SITE));
  CK(__csan_cudaMalloc((void **)&b, 16, SITE));
  CK(__csan_cudaMalloc((void **)&c, 16, SITE));
  LAUNCH(look, side, &b);
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, one_fill(&a), 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  // Another topology: refused, and the exec still writes `a`.
  cudaGraph_t two = one_fill(&b);
  cudaGraphNode_t extra;
  CK(cudaGraphAddEmptyNode(&extra, two, NULL, 0));
  cudaGraphExecUpdateResultInfo info;
  NOTE("other topology: %s", __csan_cudaGraphExecUpdate(x, two, &info, SITE) == cudaSuccess
                                 ? "updated" : "refused");
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  NOTE("after the refused update");
  CK(__csan_cudaGraphExecUpdate(x, one_fill(fixed ? &c : &b), &info, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  return 0;
}

// RACE:      other topology: refused
// RACE-NEXT: after the refused update
// RACE-NEXT: ==================
// RACE-NEXT: WARNING: csan: data race (read-write) on 16 bytes
// RACE-NEXT:   Write of size 4 at {{.*}} by kernel fill(int*) on stream
// RACE-NEXT:     #0 fill(int*) fill.cu:2:3
// RACE:            #0 {{.*}}graph-exec-update.c:62
// RACE:        Previous read of size 4 by kernel look(int*) on stream
// RACE-NOT:  WARNING
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      other topology: refused
// FIXED-NEXT: after the refused update
// FIXED-NEXT: exit=0
