// Level-1 increments: saxpy with n = 4 and incy = 2 writes y[0], y[2], y[4],
// y[6] only. A kernel on another stream reads y[2] afterwards: write-read on
// bytes [8, 12). The fixed twin reads y[1], between two written elements.
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
  float *x, *y;
  CK(__csan_cudaMalloc((void **)&x, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&y, 16 * sizeof(float), SITE));
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s2, SITE));
  float alpha = 2;
  LK(__csan_cublasSaxpy_v2(h, 4, &alpha, x, 1, y, 2, SITE));
  KREAD(s1, y + (race ? 2 : 1), 4);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 4 bytes at
// RACE:        Previous write by cublasSaxpy_v2 on stream
// RACE:        Location: bytes [8, 12) of a 64-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
