// cufftPlanMany's advanced layout: 2 batches of n = 4 complex values, input
// stride 2 and distance 8 (complex elements 0, 2, 4, 6 and 8, 10, 12, 14
// are read). A kernel on another stream writes element 2 ([16, 24))
// afterwards: read-write, reported by the kernel. The fixed twin writes
// element 1 ([8, 16)), between two elements the transform reads.
// RUN: %cc_rt -Wl,--no-as-needed -lcufft -o %t
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
  cufftComplex *in, *out;
  CK(__csan_cudaMalloc((void **)&in, 16 * sizeof(cufftComplex), SITE));
  CK(__csan_cudaMalloc((void **)&out, 8 * sizeof(cufftComplex), SITE));
  int n[1] = {4}, inembed[1] = {8}, onembed[1] = {4};
  cufftHandle plan;
  LK(__csan_cufftPlanMany(&plan, 1, n, inembed, 2, 8, onembed, 1, 4, CUFFT_C2C, 2, SITE));
  LK(__csan_cufftSetStream(plan, s1, SITE));
  LK(__csan_cufftExecC2C(plan, in, out, CUFFT_FORWARD, SITE));
  KWRITE(s2, (char *)in + (race ? 16 : 8), 8);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (read-write) on 8 bytes at
// RACE-NEXT:   Write of size 4 at {{.*}} by kernel kwrite(void*, unsigned long) on stream
// RACE:        Previous read by cufftExecC2C on stream
// RACE:        Location: bytes [16, 24) of a 128-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
