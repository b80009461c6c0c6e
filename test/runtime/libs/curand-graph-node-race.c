// curandGenerateUniform captured into a graph writes r; a kernel captured
// on a stream forked into the capture reads r with no path from the
// generator to it: a write-read race inside one launch, the write named
// after curandGenerateUniform and its capture line. The fixed twin joins
// the read after the generator with an event. cuRAND's two kernel nodes
// (the fake's generator makes two, the first of them internal to the call)
// are both covered by csan's check: neither is counted as unchecked.
// RUN: %cc_rt -Wl,--no-as-needed -lcurand -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE --implicit-check-not=unchecked < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING --implicit-check-not=unchecked < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s, s2;
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(s2);
  float *r;
  CK(__csan_cudaMalloc((void **)&r, 16 * sizeof(float), SITE));
  curandGenerator_t g;
  LK(__csan_curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT, SITE));
  LK(__csan_curandSetStream(g, s, SITE));
  cudaEvent_t fork, made, join;
  CK(__csan_cudaEventCreate(&fork, SITE));
  CK(__csan_cudaEventCreate(&made, SITE));
  CK(__csan_cudaEventCreate(&join, SITE));
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal, SITE));
  CK(__csan_cudaEventRecord(fork, s, SITE));
  CK(__csan_cudaStreamWaitEvent(s2, fork, 0, SITE));
  LK(__csan_curandGenerateUniform(g, r, 16, SITE));
  if (!race) {
    CK(__csan_cudaEventRecord(made, s, SITE));
    CK(__csan_cudaStreamWaitEvent(s2, made, 0, SITE));
  }
  KREAD(s2, r + 4, 8);
  CK(__csan_cudaEventRecord(join, s2, SITE));
  CK(__csan_cudaStreamWaitEvent(s, join, 0, SITE));
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture(s, &graph, SITE));
  NOTE("captured: %lu nodes, %lu of them csan's checks", fake_cuda_count("capture:node"),
       fake_cuda_count("capture:csan check"));
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  NOTE("done");
  return 0;
}

// RACE:      captured: 4 nodes, 1 of them csan's checks
// RACE:      WARNING: csan: data race (write-read) on 8 bytes at 0x[[#%x,ADDR:]]
// RACE-NEXT:   Read of size 4 at 0x[[#ADDR]] by kernel kread(void const*, unsigned long) on stream 0x{{[0-9a-f]+}} (graph launched at {{.*}}curand-graph-node-race.c:47):
// RACE-NEXT:     #0 kread(void const*, unsigned long) k.cu:8:5
// RACE:        Previous write of size 64 by curandGenerateUniform on stream 0x{{[0-9a-f]+}} (graph launched at {{.*}}curand-graph-node-race.c:47):
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}curand-graph-node-race.c:33:{{[0-9]+}}
// RACE:      SUMMARY: csan: data race (write-read) k.cu:8:5 in kread(void const*, unsigned long)
// RACE:      done
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      captured: 4 nodes, 1 of them csan's checks
// FIXED:      done
// FIXED-NEXT: exit=0
