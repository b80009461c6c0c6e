// A graph free node ends its allocation's life in graph order: a kernel
// node ordered after the free node (it runs before csan's FREE marker,
// which follows the graph on the launch stream with the free node's clock)
// is a use after free. The fixed twin orders the kernel before the free.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#define FILL_USE_OFFSET 2
#include "fill_use_kernels.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fill_use_register();
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  struct cudaMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.bytesize = 64;
  cudaGraphNode_t mk, f, u, rel;
  CK(__csan_cudaGraphAddMemAllocNode(&mk, g, NULL, 0, &ap, SITE));
  int *buf = ap.dptr;
  void *args[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)fill, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  CK(__csan_cudaGraphAddKernelNode(&f, g, &mk, 1, &p, SITE));
  p.func = (void *)use;
  if (fixed) {
    CK(__csan_cudaGraphAddKernelNode(&u, g, &f, 1, &p, SITE));
    CK(__csan_cudaGraphAddMemFreeNode(&rel, g, &u, 1, buf, SITE));
  } else {
    CK(__csan_cudaGraphAddMemFreeNode(&rel, g, &f, 1, buf, SITE));
    CK(__csan_cudaGraphAddKernelNode(&u, g, &rel, 1, &p, SITE));
  }
  int free_line = __LINE__ - 3 - 2 * fixed;
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("free line %d", free_line);
  return 0;
}

// RACE:      WARNING: csan: data race (use-after-free) on 4 bytes
// RACE-NEXT:   Free of size 64 at 0x{{[0-9a-f]+}} by graph free node on stream 0x{{[0-9a-f]+}} (graph launched at
// RACE:        Previous read of size 4 by kernel use(int*) on stream 0x{{[0-9a-f]+}} (graph launched at
// RACE-NEXT:     #0 use(int*) mem.cu:7:3
// RACE:        Freed by graph free node at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}graph-mem-use-after-free-node.c:[[#FREE:]]
// RACE:      free line [[#FREE]]
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED-NOT: graph memory node
// FIXED:     free line
// FIXED-NEXT: exit=0
