// cublasSgemmBatched takes device arrays of matrix pointers: csan reads the
// arrays (after the stream's earlier work) and checks every matrix. Here
// the C pointers are 4 matrices of 2x2 floats, 64 bytes apart (one strided
// region); a kernel on another stream reads C[2] unordered: write-read on
// [128, 144). The fixed twin orders the kernel after the gemm with an event.
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
  float *AB, *C;
  const float **dA, **dB;
  float **dC;
  CK(__csan_cudaMalloc((void **)&AB, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&dA, 4 * sizeof(void *), SITE));
  CK(__csan_cudaMalloc((void **)&dB, 4 * sizeof(void *), SITE));
  CK(__csan_cudaMalloc((void **)&dC, 4 * sizeof(void *), SITE));
  const float *ha[4], *hb[4];
  float *hc[4];
  for (int i = 0; i < 4; i++) {
    ha[i] = AB + 4 * i;
    hb[i] = AB + 32 + 4 * i;
    hc[i] = C + 16 * i;
  }
  CK(__csan_cudaMemcpy(dA, ha, sizeof ha, cudaMemcpyHostToDevice, SITE));
  CK(__csan_cudaMemcpy(dB, hb, sizeof hb, cudaMemcpyHostToDevice, SITE));
  CK(__csan_cudaMemcpy(dC, hc, sizeof hc, cudaMemcpyHostToDevice, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s2, SITE));
  cudaEvent_t done;
  CK(__csan_cudaEventCreate(&done, SITE));
  float alpha = 1, beta = 0;
  LK(__csan_cublasSgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &alpha, dA, 2, dB, 2, &beta,
                               dC, 2, 4, SITE));
  if (!race) {
    CK(__csan_cudaEventRecord(done, s2, SITE));
    CK(__csan_cudaStreamWaitEvent(s1, done, 0, SITE));
  }
  KREAD(s1, C + 32, 16);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 16 bytes at
// RACE:        Previous write by cublasSgemmBatched on stream
// RACE:        Location: bytes [128, 144) of a 256-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
