// A cublasSgemm that fails during a capture made no work: csan's check
// nodes captured before it check nothing at the launch. The same graph
// shape as cublas-graph-node-race.c: a kernel on a forked stream reads C
// with no path from the GEMM. When the GEMM succeeds (race) that is a
// write-read race named after cublasSgemm_v2; when it failed
// (FAKE_CUBLAS_FAIL=1, fixed) there is no write to race with.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: env FAKE_CUBLAS_FAIL=1 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(void) {
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
  cudaEvent_t fork, join;
  CK(__csan_cudaEventCreate(&fork, SITE));
  CK(__csan_cudaEventCreate(&join, SITE));
  float alpha = 1, beta = 0;
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  CK(__csan_cudaEventRecord(fork, s, SITE));
  CK(__csan_cudaStreamWaitEvent(s2, fork, 0, SITE));
  int st = __csan_cublasSgemm_v2(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, A, 8, B, 8, &beta,
                                 C, 8, SITE);
  KREAD(s2, C, 16);
  CK(__csan_cudaEventRecord(join, s2, SITE));
  CK(__csan_cudaStreamWaitEvent(s, join, 0, SITE));
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture(s, &graph, SITE));
  NOTE("gemm: %s; %lu of csan's checks captured", st ? "failed" : "ok",
       fake_cuda_count("capture:csan check"));
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  NOTE("done");
  return 0;
}

// RACE:      gemm: ok; 3 of csan's checks captured
// RACE:      WARNING: csan: data race (write-read) on 16 bytes at
// RACE:        Previous write of size 256 by cublasSgemm_v2 on stream
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      gemm: failed; 3 of csan's checks captured
// FIXED:      done
// FIXED-NEXT: exit=0
