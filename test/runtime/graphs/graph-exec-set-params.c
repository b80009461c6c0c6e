// cudaGraphExecKernelNodeSetParams changes later launches only: csan takes
// each kernel node's parameters as of the launch. A side stream reads `b`;
// the exec's node writes `a`, so its first launch does not race; after the
// update (race) it writes `b`, and its second launch races with the read.
// The fixed twin updates the node to write `c`.
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
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  void *args[] = {&a};
  struct cudaKernelNodeParams p = {(void *)fill, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  cudaGraphNode_t n;
  CK(cudaGraphAddKernelNode(&n, g, NULL, 0, &p));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  NOTE("first launch done");
  void *args2[] = {fixed ? &c : &b};
  p.kernelParams = args2;
  CK(__csan_cudaGraphExecKernelNodeSetParams(x, n, &p, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  return 0;
}

// RACE:      first launch done
// RACE-NEXT: ==================
// RACE-NEXT: WARNING: csan: data race (read-write) on 16 bytes
// RACE-NEXT:   Write of size 4 at {{.*}} by kernel fill(int*) on stream
// RACE:          #0 {{.*}}graph-exec-set-params.c:51
// RACE:        Previous read of size 4 by kernel look(int*) on stream
// RACE:        Location: bytes [0, 16) of a 16-byte allocation
// RACE-NOT:  WARNING
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      first launch done
// FIXED-NEXT: exit=0
