// A suppression matching the host access's file drops its race (counted at
// verbosity 1) and the run keeps its exit status; without it the race is
// reported.
// RUN: %cc_host %s -o %t
// RUN: printf 'race:*suppressed.c*\n' > %t.supp
// RUN: env CSAN_OPTIONS=suppressions=%t.supp:verbosity=1 %run %t 2>&1 | FileCheck %s --check-prefix=SUPP --implicit-check-not=WARNING
// RUN: %run %not %t 2>&1 | FileCheck %s --check-prefix=RACE
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *m;
  CK(cudaMallocManaged((void **)&m, 64, cudaMemAttachGlobal));
  CK(launch(fill, s, m, 16));
  printf("m[0] %d\n", m[0]);
  CK(cudaStreamSynchronize(s));
  return 0;
}

// SUPP: csan: suppressed 1 data race(s)
// RACE: WARNING: csan: data race (write-read)
// RACE: Previous write of size 4 by kernel fill(int*, int)
