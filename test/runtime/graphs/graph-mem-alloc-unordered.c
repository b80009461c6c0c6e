// A graph alloc node's memory lives from that node on: a kernel node that
// is not ordered after the alloc node races with the allocation (csan's
// ALLOC marker runs on the launch stream before the graph, with the alloc
// node's clock). The fixed twin orders the kernel after the alloc node.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t fsite;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 16, 4, CSAN_ACC_WRITE, fsite);
}

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  fsite = fake_cuda_site("mem.cu", 3, 3, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  struct cudaMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.bytesize = 64;
  cudaGraphNode_t mk, f, rel;
  CK(__csan_cudaGraphAddMemAllocNode(&mk, g, NULL, 0, &ap, SITE)); int alloc_line = __LINE__;
  int *buf = ap.dptr;
  void *args[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)fill, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  CK(__csan_cudaGraphAddKernelNode(&f, g, fixed ? &mk : NULL, fixed ? 1 : 0, &p, SITE));
  cudaGraphNode_t deps[] = {mk, f};
  CK(__csan_cudaGraphAddMemFreeNode(&rel, g, deps, 2, buf, SITE));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("alloc line %d", alloc_line);
  return 0;
}

// RACE:      WARNING: csan: data race (write-write) on 64 bytes
// RACE-NEXT:   Write of size 4 at 0x{{[0-9a-f]+}} by kernel fill(int*) on stream 0x{{[0-9a-f]+}} (graph launched at {{.*}}graph-mem-alloc-unordered.c:[[#]]):
// RACE-NEXT:     #0 fill(int*) mem.cu:3:3
// RACE:        Previous allocation of size 64 by graph alloc node on stream 0x{{[0-9a-f]+}} (graph launched at
// RACE:          issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}graph-mem-alloc-unordered.c:[[#ALLOC:]]
// RACE:        Location: bytes [0, 64) of a 64-byte allocation at 0x{{[0-9a-f]+}} made by graph alloc node at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}graph-mem-alloc-unordered.c:[[#ALLOC]]
// RACE:      alloc line [[#ALLOC]]
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED-NOT: graph memory node
// FIXED:     alloc line
// FIXED-NEXT: exit=0
