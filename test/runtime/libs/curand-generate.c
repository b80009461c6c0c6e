// curandGenerateUniform writes its output on the generator's stream
// (curandSetStream). A kernel on another stream reads the numbers without
// waiting: write-read. The fixed twin waits for an event. A host generator
// (curandCreateGeneratorHost) writes host memory: nothing to check.
// RUN: %cc_rt -Wl,--no-as-needed -lcurand -o %t
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
  float *r, host[16];
  CK(__csan_cudaMalloc((void **)&r, 16 * sizeof(float), SITE));
  curandGenerator_t g, hg;
  LK(__csan_curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT, SITE));
  LK(__csan_curandCreateGeneratorHost(&hg, CURAND_RNG_PSEUDO_DEFAULT, SITE));
  LK(__csan_curandSetStream(g, s1, SITE));
  LK(__csan_curandGenerateSeeds(g, SITE));
  LK(__csan_curandGenerateUniform(g, r, 16, SITE));
  LK(__csan_curandGenerateUniform(hg, host, 16, SITE));
  cudaEvent_t done;
  CK(__csan_cudaEventCreate(&done, SITE));
  if (!race) {
    CK(__csan_cudaEventRecord(done, s1, SITE));
    CK(__csan_cudaStreamWaitEvent(s2, done, 0, SITE));
  }
  KREAD(s2, r, 64);
  CK(__csan_cudaDeviceSynchronize(SITE));
  LK(__csan_curandDestroyGenerator(g, SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 64 bytes at
// RACE:        Previous write by curandGenerateUniform on stream
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
