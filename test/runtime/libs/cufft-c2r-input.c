// An out-of-place complex-to-real cuFFT overwrites its input (cuFFT
// documents it): a kernel that reads the input on another stream afterwards
// races with the transform (write-read). The fixed twin waits for it.
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
  cufftComplex *in;
  cufftReal *out;
  CK(__csan_cudaMalloc((void **)&in, 5 * sizeof(cufftComplex), SITE));
  CK(__csan_cudaMalloc((void **)&out, 8 * sizeof(cufftReal), SITE));
  cufftHandle plan;
  LK(__csan_cufftCreate(&plan, SITE));
  size_t ws = 0;
  LK(__csan_cufftMakePlan1d(plan, 8, CUFFT_C2R, 1, &ws, SITE));
  LK(__csan_cufftSetStream(plan, s1, SITE));
  LK(__csan_cufftExecC2R(plan, in, out, SITE));
  if (!race)
    CK(__csan_cudaStreamSynchronize(s1, SITE));
  KREAD(s2, in, 40);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 40 bytes at
// RACE:        Previous write by cufftExecC2R on stream
// RACE:        Location: bytes [0, 40) of a 40-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
