// CSAN_OPTIONS=graph_dot=PREFIX with a race between a captured cublasSgemm
// and a kernel node of the same launch: the picture shows csan's check
// nodes of the call (one per matrix, each labelled as the library call,
// with the line that captured it), cuBLAS's own kernel node after them,
// the reader, and the missing path from the check of C to the reader
// (both red). The fixed capture orders the reader after the GEMM and
// writes no picture.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: rm -f %t.pic.*.dot
// RUN: env CSAN_OPTIONS=graph_dot=%t.pic %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: FileCheck %s --check-prefix=DOT < %t.pic.exec1.53.dot
// RUN: rm -f %t.pic.*.dot
// RUN: env CSAN_OPTIONS=graph_dot=%t.pic %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
// RUN: not ls %t.pic.exec1.53.dot
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

// RACE:      WARNING: csan: data race (write-read) on 16 bytes
// RACE:        Note: the graph with this race (no path between its two nodes): {{.*}}.pic.exec1.53.dot
// RACE-NEXT: SUMMARY: csan: data race (write-read) k.cu:8:5 in kread(void const*, unsigned long)
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// DOT:      digraph "graph exec 1 launched at {{.*}}cublas-graph-dot.c:53" {
// DOT-NEXT:   n0 [label="library call cublasSgemm_v2\ncublas-graph-dot.c:41"];
// DOT-NEXT:   n1 [label="kernel kread(void const*, unsigned long)\ncublas-graph-dot.c:46", color=red, penwidth=2];
// DOT-NEXT:   n2 [label="library call cublasSgemm_v2\ncublas-graph-dot.c:41"];
// DOT-NEXT:   n3 [label="library call cublasSgemm_v2\ncublas-graph-dot.c:41", color=red, penwidth=2];
// DOT-NEXT:   n4 [label="kernel fake_cublas_sgemm_kernel\ncublas-graph-dot.c:41"];
// DOT-NEXT:   n0 -> n2;
// DOT-NEXT:   n2 -> n3;
// DOT-NEXT:   n3 -> n4;
// DOT-NEXT:   n3 -> n1 [style=dashed, color=red, label="no path: race"];
// DOT-NEXT: }

// FIXED:      done
// FIXED-NEXT: exit=0
