// A graph captured with a cublasSgemm is made a child node of another
// graph (cudaGraphAddChildGraphNode copies it: its nodes are new ones).
// csan recognizes its check nodes in the copy by their function and
// placeholder, not by the nodes captured, so the GEMM is still checked
// when the parent runs: a kernel node added beside the child reads C with
// no edge to it, a race named after cublasSgemm_v2 and its capture line.
// The fixed twin adds the edge child -> reader. cuBLAS's own kernel node
// in the copy is covered too: csan passes the names of the child's nodes
// to the copy's when the child node is added, so the exit summary counts
// nothing unchecked.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,RACE --implicit-check-not=unchecked < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,FIXED --implicit-check-not=WARNING --implicit-check-not=unchecked < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  float *A, *B, *C;
  CK(__csan_cudaMalloc((void **)&A, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&B, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C, 64 * sizeof(float), SITE));
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s, SITE));
  float alpha = 1, beta = 0;
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  LK(__csan_cublasSgemm_v2(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, A, 8, B, 8, &beta, C, 8,
                           SITE));
  cudaGraph_t inner, outer;
  CK(__csan_cudaStreamEndCapture(s, &inner, SITE));
  CK(cudaGraphCreate(&outer, 0));
  cudaGraphNode_t child, reader;
  CK(__csan_cudaGraphAddChildGraphNode(&child, outer, NULL, 0, inner, SITE));
  const void *p = C;
  size_t n = 16;
  void *args[] = {&p, &n};
  struct cudaKernelNodeParams kp = {(void *)kread, {1, 1, 1}, {1, 1, 1}, 0, args, NULL};
  CK(__csan_cudaGraphAddKernelNode(&reader, outer, race ? NULL : &child, race ? 0 : 1, &kp, SITE));
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, outer, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (read-write) on 16 bytes at
// RACE-NEXT:   Write of size 256 at {{.*}} by cublasSgemm_v2 on stream {{.*}} (graph launched at {{.*}}cublas-graph-child.c:46):
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}cublas-graph-child.c:32:{{[0-9]+}}
// RACE:        Previous read of size 4 by kernel kread(void const*, unsigned long) on stream {{.*}} (graph launched at {{.*}}cublas-graph-child.c:46):
// CHECK:      done
// RACE:       csan: reported 1 data race(s)
// RACE-NEXT:  exit=66
// FIXED-NEXT: exit=0
