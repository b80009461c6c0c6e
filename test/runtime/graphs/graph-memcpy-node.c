// A memcpy node is checked by csan's range check, a kernel node of csan's
// copy of the graph placed after the node's dependencies and before it: a
// kernel node beside the copy that reads its destination races with it
// (reported with the copy as the earlier write, to the byte). The fixed
// twin makes the kernel depend on the copy. Without dependencies on csan's
// side the check could run before the nodes the copy depends on.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(init)
KERNEL_STUB(use)
static int32_t isite, usite;

static void init_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 16, 4, CSAN_ACC_WRITE, isite);
}
static void use_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0) + 2, 1, 4, CSAN_ACC_READ, usite);
}

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fake_cuda_register_kernel((const void *)init, "_Z4initPi", FAKE_TWIN_OK, 1, init_body);
  fake_cuda_register_kernel((const void *)use, "_Z3usePi", FAKE_TWIN_OK, 1, use_body);
  isite = fake_cuda_site("copy.cu", 4, 3, "_Z4initPi", CSAN_ACC_WRITE, 4);
  usite = fake_cuda_site("copy.cu", 8, 3, "_Z3usePi", CSAN_ACC_READ, 4);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *src, *dst;
  CK(__csan_cudaMalloc((void **)&src, 64, SITE));
  CK(__csan_cudaMalloc((void **)&dst, 64, SITE));
  unsigned long checks = fake_cuda_count("csan_rk_access"); /* the graph's, not the allocations' */
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  void *iargs[] = {&src}, *uargs[] = {&dst};
  struct cudaKernelNodeParams p = {(void *)init, {1, 1, 1}, {32, 1, 1}, 0, iargs, NULL};
  cudaGraphNode_t k, c, u;
  CK(cudaGraphAddKernelNode(&k, g, NULL, 0, &p));
  CK(cudaGraphAddMemcpyNode1D(&c, g, &k, 1, dst, src, 64, cudaMemcpyDeviceToDevice));
  p.func = (void *)use;
  p.kernelParams = uargs;
  CK(cudaGraphAddKernelNode(&u, g, fixed ? &c : NULL, fixed ? 1 : 0, &p));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("range checks: %lu", fake_cuda_count("csan_rk_access") - checks);
  return 0;
}

// RACE:      WARNING: csan: data race (read-write) on 4 bytes
// RACE-NEXT:   Write of size 64 at {{.*}} by cudaMemcpy (graph node) on stream
// RACE:        Previous read of size 4 by kernel use(int*) on stream
// RACE-NEXT:     #0 use(int*) copy.cu:8:3
// RACE:        Location: bytes [8, 12) of a 64-byte allocation
// RACE-NOT:  WARNING
// RACE:      range checks: 2
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      range checks: 2
// FIXED-NEXT: exit=0
