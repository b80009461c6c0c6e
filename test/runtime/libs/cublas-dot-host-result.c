// A dot product's result: in host pointer mode cublasSdot returns once the
// result is in host memory, so the host has waited for the call, and a
// kernel issued afterwards on any stream is ordered after it (FIXED). In
// device pointer mode the call returns at once: the kernel that then writes
// x on another stream races with the dot's read of x (the race build: read-write,
// reported by the kernel).
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
  float *x, *y, *dres, hres = 0;
  CK(__csan_cudaMalloc((void **)&x, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&y, 16 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&dres, sizeof(float), SITE));
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s2, SITE));
  if (race)
    LK(cublasSetPointerMode_v2(h, CUBLAS_POINTER_MODE_DEVICE));
  LK(__csan_cublasSdot_v2(h, 16, x, 1, y, 1, race ? dres : &hres, SITE));
  KWRITE(s1, x, 16);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (read-write) on 16 bytes at
// RACE-NEXT:   Write of size 4 at {{.*}} by kernel kwrite(void*, unsigned long) on stream
// RACE:        Previous read by cublasSdot_v2 on stream
// RACE:        Location: bytes [0, 16) of a 64-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
