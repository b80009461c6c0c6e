// Stream work after a launch whose free node freed the allocation is a use
// after free (csan's FREE marker, after the graph on the launch stream). The
// fixed twin's graph leaves the allocation live (no free node: only the
// ALLOC marker) and the program frees it with cudaFreeAsync after the use.
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
  cudaGraphNode_t mk, f, rel;
  CK(__csan_cudaGraphAddMemAllocNode(&mk, g, NULL, 0, &ap, SITE));
  int *buf = ap.dptr;
  void *args[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)fill, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  CK(__csan_cudaGraphAddKernelNode(&f, g, &mk, 1, &p, SITE));
  if (!fixed)
    CK(__csan_cudaGraphAddMemFreeNode(&rel, g, &f, 1, buf, SITE));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  LAUNCH(use, s, &buf);
  if (fixed)
    CK(__csan_cudaFreeAsync(buf, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (use-after-free) on 4 bytes
// RACE-NEXT:   Read of size 4 at 0x{{[0-9a-f]+}} by kernel use(int*) on stream 0x{{[0-9a-f]+}}:
// RACE-NEXT:     #0 use(int*) mem.cu:7:3
// RACE:        Previous free by graph free node on stream 0x{{[0-9a-f]+}} (graph launched at
// RACE:        Location: bytes [8, 12) of a 64-byte allocation at 0x{{[0-9a-f]+}} made by graph alloc node at:
// RACE:        Freed by graph free node at:
// RACE:      done
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED-NOT: graph memory node
// FIXED:     done
// FIXED-NEXT: exit=0
