// A training-step-like graph replayed 20 times: a kernel writes A, a
// captured cublasSgemm reads A and B and writes C, a kernel reads C, all
// on one capturing stream. Every replay checks the GEMM's footprint (csan's
// three check nodes, one per matrix, set per launch) and nothing races:
// each node is ordered after the one before, and each launch after the
// last (one exec, one stream). cuBLAS's own kernel node needs no twin: its
// call is checked, so the exit summary counts nothing unchecked.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --implicit-check-not=WARNING --implicit-check-not=unchecked < %t.out
#include "lib_test.h"

int main(void) {
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
  KWRITE(s, A, 64 * sizeof(float));
  LK(__csan_cublasSgemm_v2(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, A, 8, B, 8, &beta, C, 8,
                           SITE));
  KREAD(s, C, 64 * sizeof(float));
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture(s, &graph, SITE));
  NOTE("captured: %lu nodes, %lu of them csan's checks", fake_cuda_count("capture:node"),
       fake_cuda_count("capture:csan check"));
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  unsigned long checks = fake_cuda_count("csan_rk_access");
  for (int i = 0; i < 20; i++)
    CK(__csan_cudaGraphLaunch(exec, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("replayed 20 times: %lu range checks", fake_cuda_count("csan_rk_access") - checks);
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  LK(__csan_cublasDestroy_v2(h, SITE));
  return 0;
}

// CHECK:      captured: 6 nodes, 3 of them csan's checks
// CHECK-NEXT: replayed 20 times: 60 range checks
// CHECK-NEXT: exit=0
