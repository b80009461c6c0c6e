// Memory alloc and free nodes: the memory lives from the alloc node to the
// free node in graph order. A kernel node not ordered before the free node
// (race) uses memory the free node may already have released; the fixed twin
// frees after it. Replays of the fixed graph reuse the memory without a
// report: each launch's alloc node is ordered after the previous launch's
// free node.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
KERNEL_STUB(use)
static int32_t fsite, usite;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 16, 4, CSAN_ACC_WRITE, fsite);
}
static void use_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_READ, usite);
}

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  fake_cuda_register_kernel((const void *)use, "_Z3usePi", FAKE_TWIN_OK, 1, use_body);
  fsite = fake_cuda_site("mem.cu", 3, 3, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  usite = fake_cuda_site("mem.cu", 7, 3, "_Z3usePi", CSAN_ACC_READ, 4);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  struct cudaMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.bytesize = 64;
  cudaGraphNode_t mk, f, u, rel;
  CK(cudaGraphAddMemAllocNode(&mk, g, NULL, 0, &ap));
  int *tmp = ap.dptr;
  void *args[] = {&tmp};
  struct cudaKernelNodeParams p = {(void *)fill, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  CK(cudaGraphAddKernelNode(&f, g, &mk, 1, &p));
  p.func = (void *)use;
  CK(cudaGraphAddKernelNode(&u, g, &f, 1, &p));
  CK(cudaGraphAddMemFreeNode(&rel, g, fixed ? &u : &f, 1, tmp));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  for (int i = 0; i < 3; i++)
    CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("range checks: %lu", fake_cuda_count("csan_rk_access"));
  return 0;
}

// RACE:      WARNING: csan: data race (use-after-free) on 4 bytes
// RACE-NEXT:   Free of size 64 at {{.*}} by graph free node on stream
// RACE:        Previous read of size 4 by kernel use(int*) on stream
// RACE-NEXT:     #0 use(int*) mem.cu:7:3
// RACE-NOT:  WARNING
// RACE:      range checks: 6
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      range checks: 6
// FIXED-NEXT: exit=0
