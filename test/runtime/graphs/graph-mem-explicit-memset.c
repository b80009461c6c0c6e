// A memset node added with cudaGraphAddMemsetNode to a graph that already
// has memory nodes is checked at every launch: CUDA will neither clone that
// graph nor let csan take nodes out of it, so csan adds its check of the
// memset's bytes when the node is added, as a node the memset depends on.
// The race twin launches the graph while another stream's kernel reads the
// memset's bytes; the fixed twin orders the launch after that stream with
// an event. A launch runs three of csan's range checks: the memset's, and
// the allocation's two lifetime markers around the launch. The same with
// the node added by the generic cudaGraphAddNode, and with the memset added
// before the alloc node (the graph had no memory nodes yet: csan adds its
// check at the instantiation).
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
// RUN: %run %t race generic > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=GENERIC < %t.out
// RUN: %run %t fixed generic > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
// RUN: %run %t race early > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=EARLY < %t.out
// RUN: %run %t fixed early > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(peek)
static int32_t peek_site;

static void peek_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_READ, peek_site);
}

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  int generic = argc > 2 && !strcmp(argv[2], "generic");
  int early = argc > 2 && !strcmp(argv[2], "early");
  fake_cuda_register_kernel((const void *)peek, "_Z4peekPi", FAKE_TWIN_OK, 1, peek_body);
  peek_site = fake_cuda_site("side.cu", 3, 9, "_Z4peekPi", CSAN_ACC_READ, 4);
  cudaStream_t s, side;
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(side);
  cudaEvent_t done;
  CK(__csan_cudaEventCreate(&done, SITE));
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 64, SITE));
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  struct cudaMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.bytesize = 64;
  cudaGraphNode_t mk, set, rel;
  struct cudaMemsetParams sp = {buf, 0, 0, 1, 64, 1};
  if (early) {
    /* Before the graph has memory nodes: checked from the instantiation. */
    CK(__csan_cudaGraphAddMemsetNode(&set, g, NULL, 0, &sp, SITE));
    CK(__csan_cudaGraphAddMemAllocNode(&mk, g, NULL, 0, &ap, SITE));
    CK(__csan_cudaGraphAddMemFreeNode(&rel, g, &mk, 1, ap.dptr, SITE));
  } else {
    CK(__csan_cudaGraphAddMemAllocNode(&mk, g, NULL, 0, &ap, SITE));
    if (!generic) {
      CK(__csan_cudaGraphAddMemsetNode(&set, g, &mk, 1, &sp, SITE));
    } else {
      struct cudaGraphNodeParams np;
      memset(&np, 0, sizeof np);
      np.type = cudaGraphNodeTypeMemset;
      np.memset.dst = sp.dst;
      np.memset.elementSize = sp.elementSize;
      np.memset.width = sp.width;
      np.memset.height = sp.height;
      CK(__csan_cudaGraphAddNode(&set, g, &mk, NULL, 1, &np, SITE));
    }
    CK(__csan_cudaGraphAddMemFreeNode(&rel, g, &set, 1, ap.dptr, SITE));
  }
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  unsigned long checks = fake_cuda_count("csan_rk_access");
  LAUNCH(peek, side, &buf);
  CK(__csan_cudaEventRecord(done, side, SITE));
  if (fixed)
    CK(__csan_cudaStreamWaitEvent(s, done, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  CK(__csan_cudaStreamSynchronize(side, SITE));
  NOTE("range checks at the launch: %lu", fake_cuda_count("csan_rk_access") - checks);
  return 0;
}

// RACE:      WARNING: csan: data race (read-write) on 4 bytes
// RACE-NEXT:   Write of size 64 at {{.*}} by cudaGraphAddMemsetNode on stream {{.*}} (graph launched at {{.*}}graph-mem-explicit-memset.c:82):
// RACE:            #0 {{.*}}graph-mem-explicit-memset.c:62
// RACE:        Previous read of size 4 by kernel peek(int*) on stream
// RACE-NEXT:     #0 peek(int*) side.cu:3:9
// RACE:      range checks at the launch: 3
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// GENERIC:      WARNING: csan: data race (read-write) on 4 bytes
// GENERIC-NEXT:   Write of size 64 at {{.*}} by cudaGraphAddNode on stream
// GENERIC:      range checks at the launch: 3
// GENERIC:      csan: reported 1 data race(s)
// GENERIC-NEXT: exit=66

// EARLY:      WARNING: csan: data race (read-write) on 4 bytes
// EARLY-NEXT:   Write of size 64 at {{.*}} by graph memset node on stream
// EARLY:      range checks at the launch: 3
// EARLY:      csan: reported 1 data race(s)
// EARLY-NEXT: exit=66

// FIXED:      range checks at the launch: 3
// FIXED-NEXT: exit=0
