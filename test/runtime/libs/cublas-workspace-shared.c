// cublasSetWorkspace: a workspace the program provides is written by the
// level-3 calls of its handle. Two handles on two streams that share one
// workspace race on it (write-write between the two gemms). In the fixed
// twin the second handle calls cublasSetStream after cublasSetWorkspace,
// which (as cuBLAS documents) puts it back on cuBLAS's own workspace.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  float *A, *C1, *C2;
  void *ws;
  CK(__csan_cudaMalloc((void **)&A, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C1, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C2, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc(&ws, 1024, SITE));
  cublasHandle_t h1, h2;
  LK(cublasCreate_v2(&h1));
  LK(cublasCreate_v2(&h2));
  LK(__csan_cublasSetStream_v2(h1, s1, SITE));
  LK(__csan_cublasSetWorkspace_v2(h1, ws, 1024, SITE));
  if (race) {
    LK(__csan_cublasSetStream_v2(h2, s2, SITE));
    LK(__csan_cublasSetWorkspace_v2(h2, ws, 1024, SITE));
  } else {
    LK(__csan_cublasSetWorkspace_v2(h2, ws, 1024, SITE));
    LK(__csan_cublasSetStream_v2(h2, s2, SITE));
  }
  float alpha = 1, beta = 0;
  LK(__csan_cublasSgemm_v2(h1, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &alpha, A, 4, A, 4, &beta, C1,
                           4, SITE));
  LK(__csan_cublasSgemm_v2(h2, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, &alpha, A, 4, A, 4, &beta, C2,
                           4, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-write) on 1024 bytes at
// RACE-NEXT:   Write of size 1024 at {{.*}} by cublasSgemm_v2 on stream
// RACE:        Previous write by cublasSgemm_v2 on stream
// RACE:        Location: bytes [0, 1024) of a 1024-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
