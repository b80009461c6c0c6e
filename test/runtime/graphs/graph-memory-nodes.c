// A graph with memory alloc and free nodes cannot be cloned (CUDA refuses),
// so csan switches the program's own kernel nodes to their twins for the
// instantiation and puts them back after it: the kernels are checked (two
// unordered kernel nodes race, race build; the fixed twin orders them), the
// program's graph keeps its own kernels (the memory nodes' lifetimes are
// checked by markers around the launch: graph-mem-*.c).
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED < %t.out
#include "fill_use_kernels.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fill_use_register();
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 64, SITE));
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  struct cudaMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.bytesize = 64;
  cudaGraphNode_t mk, f, u, rel;
  CK(cudaGraphAddMemAllocNode(&mk, g, NULL, 0, &ap));
  void *args[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)fill, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  CK(cudaGraphAddKernelNode(&f, g, &mk, 1, &p));
  p.func = (void *)use;
  CK(cudaGraphAddKernelNode(&u, g, fixed ? &f : &mk, 1, &p));
  CK(cudaGraphAddMemFreeNode(&rel, g, &u, 1, ap.dptr));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  struct cudaKernelNodeParams back;
  CK(cudaGraphKernelNodeGetParams(f, &back));
  NOTE("the program's node runs its own kernel again: %d", back.func == (void *)fill);
  for (int i = 0; i < 2; i++)
    CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("instrumented launches: %lu", fake_cuda_count("launch:twin"));
  return 0;
}

// RACE:      the program's node runs its own kernel again: 1
// RACE-NEXT: ==================
// RACE-NEXT: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT:   Read of size 4 at {{.*}} by kernel use(int*) on stream
// RACE-NEXT:     #0 use(int*) mem.cu:7:3
// RACE:        Previous write of size 4 by kernel fill(int*) on stream
// RACE-NEXT:     #0 fill(int*) mem.cu:3:3
// RACE:      instrumented launches: 4
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED-NOT:  graph memory node
// FIXED:      the program's node runs its own kernel again: 1
// FIXED-NEXT: instrumented launches: 4
// FIXED-NOT:  {{WARNING|unchecked}}
// FIXED:      exit=0
