// cublasGemmEx takes its element types from the call: A and B half
// (CUDA_R_16F, 2 bytes), C float. A is 4x4 halves with lda 4: 32 bytes. A
// kernel on another stream wrote bytes [8, 16) of A: the call's read races
// with it (write-read, 8 bytes). The fixed twin waits for the kernel.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  char *A, *B, *C;
  CK(__csan_cudaMalloc((void **)&A, 64, SITE));
  CK(__csan_cudaMalloc((void **)&B, 64, SITE));
  CK(__csan_cudaMalloc((void **)&C, 64, SITE));
  cudaEvent_t ready;
  CK(__csan_cudaEventCreate(&ready, SITE));
  KWRITE(s1, A + 8, 8);
  if (!race) {
    CK(__csan_cudaEventRecord(ready, s1, SITE));
    CK(__csan_cudaStreamWaitEvent(s2, ready, 0, SITE));
  }
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s2, SITE));
  float alpha = 1, beta = 0;
  LK(__csan_cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 2, 4, &alpha, A, CUDA_R_16F, 4, B,
                         CUDA_R_16F, 4, &beta, C, CUDA_R_32F, 4, CUBLAS_COMPUTE_32F,
                         CUBLAS_GEMM_DEFAULT, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 8 bytes at
// RACE-NEXT:   Read of size 32 at {{.*}} by cublasGemmEx on stream
// RACE:        Location: bytes [8, 16) of a 64-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
