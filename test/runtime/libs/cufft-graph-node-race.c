// An in-place real-to-complex cuFFT captured into a graph writes the whole
// padded array (40 bytes of n = 8); a kernel captured on a stream forked
// into the capture reads the padding ([32, 40)) with no path from the
// transform: a write-read race inside one launch, named after
// cufftExecR2C and its capture line, the plan's shape taken at capture as
// on a stream. The fixed twin joins the read after the transform.
// RUN: %cc_rt -Wl,--no-as-needed -lcufft -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s, s2;
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(s2);
  cufftReal *data;
  CK(__csan_cudaMalloc((void **)&data, 64, SITE));
  cufftHandle plan;
  LK(__csan_cufftPlan1d(&plan, 8, CUFFT_R2C, 1, SITE));
  LK(__csan_cufftSetStream(plan, s, SITE));
  cudaEvent_t fork, done, join;
  CK(__csan_cudaEventCreate(&fork, SITE));
  CK(__csan_cudaEventCreate(&done, SITE));
  CK(__csan_cudaEventCreate(&join, SITE));
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed, SITE));
  CK(__csan_cudaEventRecord(fork, s, SITE));
  CK(__csan_cudaStreamWaitEvent(s2, fork, 0, SITE));
  LK(__csan_cufftExecR2C(plan, data, (cufftComplex *)data, SITE));
  if (!race) {
    CK(__csan_cudaEventRecord(done, s, SITE));
    CK(__csan_cudaStreamWaitEvent(s2, done, 0, SITE));
  }
  KREAD(s2, (char *)data + 32, 8);
  CK(__csan_cudaEventRecord(join, s2, SITE));
  CK(__csan_cudaStreamWaitEvent(s, join, 0, SITE));
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture(s, &graph, SITE));
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  LK(__csan_cufftDestroy(plan, SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 8 bytes at
// RACE-NEXT:   Read of size 4 at {{.*}} by kernel kread(void const*, unsigned long) on stream {{.*}} (graph launched at {{.*}}cufft-graph-node-race.c:44):
// RACE:        Previous write of size 40 by cufftExecR2C on stream {{.*}} (graph launched at {{.*}}cufft-graph-node-race.c:44):
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}cufft-graph-node-race.c:32:{{[0-9]+}}
// RACE:        Location: bytes [32, 40) of a 64-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
