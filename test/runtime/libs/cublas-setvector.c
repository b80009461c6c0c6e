// cublasSetVector is a synchronous copy on the legacy default stream, with
// cudaMemcpy's rules: from pageable host memory the host waits only for the
// work before the copy, so a kernel on a non-blocking stream that reads the
// vector afterwards races with the copy (write-read). From pinned memory the
// host waits for the copy itself (FIXED).
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s1;
  NONBLOCKING_STREAM(s1);
  float *d, pageable[8] = {0}, *pinned;
  CK(__csan_cudaMalloc((void **)&d, 8 * sizeof(float), SITE));
  CK(__csan_cudaMallocHost((void **)&pinned, 8 * sizeof(float), SITE));
  LK(__csan_cublasSetVector(8, sizeof(float), race ? pageable : pinned, 1, d, 1, SITE));
  KREAD(s1, d, 32);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 32 bytes at
// RACE:        Previous write of size 32 by cublasSetVector on stream legacy:
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
