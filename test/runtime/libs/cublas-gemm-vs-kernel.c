// cublasSgemm on stream s2 writes C; a kernel on stream s1 reads C with no
// wait: a write-read race whose previous side is the library call, named
// after it, with its host line. The fixed twin makes s1 wait for an event
// recorded on s2 after the call. The handle's stream is what
// cublasSetStream bound.
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
  float *A, *B, *C;
  CK(__csan_cudaMalloc((void **)&A, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&B, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C, 64 * sizeof(float), SITE));
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s2, SITE));
  cudaEvent_t done;
  CK(__csan_cudaEventCreate(&done, SITE));
  float alpha = 1, beta = 0;
  // C (8x8, ldc 8) = A B on s2
  LK(__csan_cublasSgemm_v2(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, A, 8, B, 8, &beta, C, 8,
                           SITE));
  if (!race) {
    CK(__csan_cudaEventRecord(done, s2, SITE));
    CK(__csan_cudaStreamWaitEvent(s1, done, 0, SITE));
  }
  KREAD(s1, C + 8, 16);
  CK(__csan_cudaDeviceSynchronize(SITE));
  LK(__csan_cublasDestroy_v2(h, SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes at 0x[[#%x,ADDR:]]
// RACE-NEXT:   Read of size 4 at 0x[[#ADDR]] by kernel kread(void const*, unsigned long) on stream 0x{{[0-9a-f]+}}:
// RACE-NEXT:     #0 kread(void const*, unsigned long) k.cu:8:5
// RACE:        Previous write by cublasSgemm_v2 on stream 0x{{[0-9a-f]+}}:
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}cublas-gemm-vs-kernel.c:[[#@LINE-19]]:{{[0-9]+}}
// RACE:        Location: bytes [32, 48) of a 256-byte allocation at 0x{{[0-9a-f]+}} made by cudaMalloc at:
// RACE:      SUMMARY: csan: data race (write-read) k.cu:8:5 in kread(void const*, unsigned long)
// RACE:      done
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
