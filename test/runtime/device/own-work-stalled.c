// csan's own short kernels need a free SM. When they cannot get one for
// stall_seconds (a kernel holds every SM: here the fake makes csan's kernels
// take 1.3 s), the thread waiting for them says once what is probably going
// on, and goes on waiting: a persistent kernel that waits for this thread
// would otherwise hang the program inside csan without a word (README,
// Limits). stall_seconds=0 turns the warning off.
// RUN: %cc_rt -o %t
// RUN: env FAKE_CUDA_OWN_DELAY_MS=1300 CSAN_OPTIONS=stall_seconds=1 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=WARN < %t.out
// RUN: env FAKE_CUDA_OWN_DELAY_MS=300 CSAN_OPTIONS=stall_seconds=0 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=QUIET --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

int main(void) {
  void *a;
  CK(__csan_cudaMalloc(&a, 64, SITE)); /* new shadow: csan's kernels, csan waits */
  NOTE("allocated");
  return 0;
}

// WARN:      csan: WARNING: csan's own work on the device has waited {{[0-9]+}} s for the GPU: a kernel that holds every SM is running (a persistent kernel?). csan needs a free SM for its own short kernels; if that kernel waits for this thread, the program cannot go on under csan (README, Limits)
// WARN-NOT:  WARNING
// WARN:      allocated
// WARN-NEXT: exit=0

// QUIET:      allocated
// QUIET-NEXT: exit=0
