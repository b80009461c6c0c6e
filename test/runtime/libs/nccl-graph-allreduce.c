// An NCCL all-reduce captured into a graph on the communication stream
// (data-parallel training replayed as a graph) writes the gradients; after
// the graph's launch the optimizer kernel on the compute stream updates
// them without waiting for it: write-write, the previous side named
// ncclAllReduce with its capture line and the launch. The fixed twin makes
// the compute stream wait for an event recorded after the launch.
// RUN: %cc_rt -Wl,--no-as-needed -lnccl -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t comm_s, compute;
  NONBLOCKING_STREAM(comm_s);
  NONBLOCKING_STREAM(compute);
  float *grads;
  CK(__csan_cudaMalloc((void **)&grads, 256 * sizeof(float), SITE));
  ncclComm_t comm;
  int dev = 0;
  LK(ncclCommInitAll(&comm, 1, &dev));
  CK(__csan_cudaStreamBeginCapture(comm_s, cudaStreamCaptureModeGlobal, SITE));
  LK(__csan_ncclAllReduce(grads, grads, 256, ncclFloat, ncclSum, comm, comm_s, SITE));
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture(comm_s, &graph, SITE));
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, comm_s, SITE));
  cudaEvent_t reduced;
  CK(__csan_cudaEventCreate(&reduced, SITE));
  if (!race) {
    CK(__csan_cudaEventRecord(reduced, comm_s, SITE));
    CK(__csan_cudaStreamWaitEvent(compute, reduced, 0, SITE));
  }
  KWRITE(compute, grads, 1024); // the optimizer step
  CK(__csan_cudaDeviceSynchronize(SITE));
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-write) on 1024 bytes at
// RACE-NEXT:   Write of size 4 at {{.*}} by kernel kwrite(void*, unsigned long) on stream
// RACE:        Previous write of size 1024 by ncclAllReduce on stream {{.*}} (graph launched at {{.*}}nccl-graph-allreduce.c:31):
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}nccl-graph-allreduce.c:26:{{[0-9]+}}
// RACE:        Location: bytes [0, 1024) of a 1024-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
