// In CUBLAS_POINTER_MODE_DEVICE, alpha and beta are read from device
// memory: a kernel that writes alpha on another stream, unordered with the
// gemm that reads it, races (write-read, 4 bytes, reported by the gemm). The
// fixed twin orders the gemm's stream after the kernel with an event.
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
  float *A, *scalars;
  CK(__csan_cudaMalloc((void **)&A, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&scalars, 2 * sizeof(float), SITE));
  cudaEvent_t ready;
  CK(__csan_cudaEventCreate(&ready, SITE));
  KWRITE(s1, scalars, 4); // alpha
  if (!race) {
    CK(__csan_cudaEventRecord(ready, s1, SITE));
    CK(__csan_cudaStreamWaitEvent(s2, ready, 0, SITE));
  }
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s2, SITE));
  LK(cublasSetPointerMode_v2(h, CUBLAS_POINTER_MODE_DEVICE));
  LK(__csan_cublasSgemm_v2(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, scalars, A, 4, A + 16, 4,
                           scalars + 1, A + 32, 4, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 4 bytes at
// RACE-NEXT:   Read of size 4 at {{.*}} by cublasSgemm_v2 on stream
// RACE:        Previous write of size 4 by kernel kwrite(void*, unsigned long) on stream
// RACE:        Location: bytes [0, 4) of a 8-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
