// A cublasSgemm captured into a graph writes C; a kernel captured on a
// stream forked into the capture reads C with no path from the GEMM to it
// in the graph: a write-read race inside one launch. csan checks the
// captured call's footprint by its own check nodes placed before the
// call's nodes (csan_rt_libcap.h), so the write is named after
// cublasSgemm_v2 and the line that captured it. The fixed twin makes the
// read wait for an event recorded after the GEMM: an edge of the graph.
// cuBLAS's own kernel node (no twin) is covered by the checks: not counted.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING --implicit-check-not=without < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s, s2;
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(s2);
  float *A, *B, *C;
  CK(__csan_cudaMalloc((void **)&A, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&B, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C, 64 * sizeof(float), SITE));
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s, SITE));
  cudaEvent_t fork, gemm_done, join;
  CK(__csan_cudaEventCreate(&fork, SITE));
  CK(__csan_cudaEventCreate(&gemm_done, SITE));
  CK(__csan_cudaEventCreate(&join, SITE));
  float alpha = 1, beta = 0;
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  CK(__csan_cudaEventRecord(fork, s, SITE));
  CK(__csan_cudaStreamWaitEvent(s2, fork, 0, SITE));
  // C (8x8, ldc 8) = A B, captured on s
  LK(__csan_cublasSgemm_v2(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, A, 8, B, 8, &beta, C, 8,
                           SITE));
  if (!race) {
    CK(__csan_cudaEventRecord(gemm_done, s, SITE));
    CK(__csan_cudaStreamWaitEvent(s2, gemm_done, 0, SITE));
  }
  KREAD(s2, C + 8, 16);
  CK(__csan_cudaEventRecord(join, s2, SITE));
  CK(__csan_cudaStreamWaitEvent(s, join, 0, SITE));
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture(s, &graph, SITE));
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes at 0x[[#%x,ADDR:]]
// RACE-NEXT:   Read of size 4 at 0x[[#ADDR]] by kernel kread(void const*, unsigned long) on stream 0x{{[0-9a-f]+}} (graph launched at {{.*}}cublas-graph-node-race.c:51):
// RACE-NEXT:     #0 kread(void const*, unsigned long) k.cu:8:5
// RACE:        Previous write of size 256 by cublasSgemm_v2 on stream 0x{{[0-9a-f]+}} (graph launched at {{.*}}cublas-graph-node-race.c:51):
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}cublas-graph-node-race.c:38:{{[0-9]+}}
// RACE:      SUMMARY: csan: data race (write-read) k.cu:8:5 in kread(void const*, unsigned long)
// RACE:      done
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NOT:  without an instrumented twin
// RACE:      exit=66

// FIXED: done
// FIXED-NEXT: exit=0
