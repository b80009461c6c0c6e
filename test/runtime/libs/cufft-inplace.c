// An in-place real-to-complex cuFFT of n = 8 writes the whole padded array,
// 8/2+1 = 5 complex values (40 bytes), not only the 32 bytes of real input.
// The plan runs on the stream cufftSetStream bound. A kernel on another
// stream reads the padding ([32, 40)) afterwards: write-read. The fixed
// twin waits for an event recorded after the transform.
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
  cufftReal *data;
  CK(__csan_cudaMalloc((void **)&data, 64, SITE));
  cufftHandle plan;
  LK(__csan_cufftPlan1d(&plan, 8, CUFFT_R2C, 1, SITE));
  LK(__csan_cufftSetStream(plan, s1, SITE));
  cudaEvent_t done;
  CK(__csan_cudaEventCreate(&done, SITE));
  LK(__csan_cufftExecR2C(plan, data, (cufftComplex *)data, SITE));
  if (!race) {
    CK(__csan_cudaEventRecord(done, s1, SITE));
    CK(__csan_cudaStreamWaitEvent(s2, done, 0, SITE));
  }
  KREAD(s2, (char *)data + 32, 8);
  CK(__csan_cudaDeviceSynchronize(SITE));
  LK(__csan_cufftDestroy(plan, SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 8 bytes at
// RACE:        Previous write by cufftExecR2C on stream
// RACE:        Location: bytes [32, 40) of a 64-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
