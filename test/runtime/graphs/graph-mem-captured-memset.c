// A memset captured into a graph that also has memory nodes (a
// cudaMallocAsync / cudaFreeAsync pair in the capture) is checked at every
// launch: CUDA neither clones such a graph nor lets csan add nodes to it
// later, so csan's check of the memset is captured into it right before
// the memset (as for a captured library call). The race twin launches the
// graph while another stream's kernel reads the memset's bytes; the fixed
// twin orders the launch after that stream with an event.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(peek)
static int32_t peek_site;

static void peek_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_READ, peek_site);
}

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fake_cuda_register_kernel((const void *)peek, "_Z4peekPi", FAKE_TWIN_OK, 1, peek_body);
  peek_site = fake_cuda_site("side.cu", 3, 9, "_Z4peekPi", CSAN_ACC_READ, 4);
  cudaStream_t s, side;
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(side);
  cudaEvent_t done;
  CK(__csan_cudaEventCreate(&done, SITE));
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  void *tmp;
  CK(__csan_cudaMallocAsync(&tmp, 64, s, SITE));
  CK(__csan_cudaMemsetAsync(buf, 0, 16, s, SITE));
  CK(__csan_cudaFreeAsync(tmp, s, SITE));
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture(s, &graph, SITE));
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  unsigned long checks = fake_cuda_count("csan_rk_access");
  LAUNCH(peek, side, &buf);
  CK(__csan_cudaEventRecord(done, side, SITE));
  if (fixed)
    CK(__csan_cudaStreamWaitEvent(s, done, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  CK(__csan_cudaStreamSynchronize(side, SITE));
  NOTE("range checks at the launch: %lu", fake_cuda_count("csan_rk_access") - checks);
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  return 0;
}

// RACE:      WARNING: csan: data race (read-write) on 4 bytes
// RACE-NEXT:   Write of size 16 at {{.*}} by cudaMemsetAsync on stream {{.*}} (graph launched at {{.*}}graph-mem-captured-memset.c:47):
// RACE:            #0 {{.*}}graph-mem-captured-memset.c:36
// RACE:        Previous read of size 4 by kernel peek(int*) on stream
// RACE-NEXT:     #0 peek(int*) side.cu:3:9
// RACE:      range checks at the launch: 1
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      range checks at the launch: 1
// FIXED-NEXT: exit=0
