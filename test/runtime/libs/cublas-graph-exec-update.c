// cudaGraphExecUpdate gives an exec the parameters of a graph captured
// again with its cublasSgemm writing another matrix: csan's checks of the
// call take the new graph's placeholders, so the next launch checks the
// GEMM's new output C2, not C1. After the launch a kernel on another
// stream reads C2 (race) or C1 (fixed) without waiting: only C2 races.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

static cudaGraph_t capture_gemm(cudaStream_t s, cublasHandle_t h, const float *A, const float *B,
                                float *C) {
  float alpha = 1, beta = 0;
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  LK(__csan_cublasSgemm_v2(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, A, 8, B, 8, &beta, C, 8,
                           SITE));
  cudaGraph_t g;
  CK(__csan_cudaStreamEndCapture(s, &g, SITE));
  return g;
}

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s, s2;
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(s2);
  float *A, *B, *C1, *C2;
  CK(__csan_cudaMalloc((void **)&A, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&B, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C1, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C2, 64 * sizeof(float), SITE));
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s, SITE));
  cudaGraph_t g1 = capture_gemm(s, h, A, B, C1);
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, g1, 0, SITE));
  cudaGraph_t g2 = capture_gemm(s, h, A, B, C2);
  cudaGraphExecUpdateResultInfo info;
  CK(__csan_cudaGraphExecUpdate(exec, g2, &info, SITE));
  CK(__csan_cudaGraphLaunch(exec, s, SITE));
  KREAD(s2, race ? C2 : C1, 16);
  CK(__csan_cudaDeviceSynchronize(SITE));
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes at
// RACE:        Previous write of size 256 by cublasSgemm_v2 on stream {{.*}} (graph launched at {{.*}}cublas-graph-exec-update.c:44):
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 {{.*}} in capture_gemm {{.*}}cublas-graph-exec-update.c:17:
// RACE-NEXT:       #1 {{.*}} in main {{.*}}cublas-graph-exec-update.c:41:
// RACE:        Location: bytes [0, 16) of a 256-byte allocation at {{.*}} made by cudaMalloc at:
// RACE-NEXT:     #0 {{.*}} in main {{.*}}cublas-graph-exec-update.c:34:
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
