// A cuBLAS call captured into a graph: capture is not execution (no
// operation, no range check at capture time); csan captures its own check
// nodes before the call's, one per matrix (placeholders that check
// nothing), and each launch checks the call's footprint with them (three
// range checks). The kernel node cuBLAS makes (its own kernel, with no
// twin) is covered by them: the exit summary counts nothing unchecked. The
// program's own kernel node in the same graph runs its twin.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
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
  const float one = 1.0f;
  const cublasOperation_t N = CUBLAS_OP_N;
  unsigned long checks = fake_cuda_count("csan_rk_access");
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  KWRITE(s, A, 64 * sizeof(float));
  LK(__csan_cublasSgemm_v2(h, N, N, 8, 8, 8, &one, A, 8, B, 8, &one, C, 8, SITE));
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture(s, &graph, SITE));
  NOTE("captured: %lu nodes, %lu of them csan's checks; range checks: %lu",
       fake_cuda_count("capture:node"), fake_cuda_count("capture:csan check"),
       fake_cuda_count("csan_rk_access") - checks);
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("launched: %lu instrumented, %lu plain; range checks: %lu", fake_cuda_count("launch:twin"),
       fake_cuda_count("launch:plain"), fake_cuda_count("csan_rk_access") - checks);
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  return 0;
}

// CHECK:      captured: 5 nodes, 3 of them csan's checks; range checks: 0
// CHECK-NEXT: launched: 1 instrumented, 1 plain; range checks: 3
// CHECK-NEXT: exit=0
