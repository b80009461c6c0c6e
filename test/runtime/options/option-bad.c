// A bad CSAN_OPTIONS stops the program at start-up, when the runtime is
// loaded (before main, before any CUDA call), with a message that names the
// option and exit status 1; help=1 lists the flags and goes on.
// RUN: %cc_rt -o %t
// RUN: env CSAN_OPTIONS=bogus=1 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=main < %t.out
// RUN: env CSAN_OPTIONS=race_table_size=1000 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=POW2 --implicit-check-not=main < %t.out
// RUN: env CSAN_OPTIONS=help=1 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=HELP < %t.out
#include "rt_test.h"

int main(void) {
  NOTE("in main");
  CK(__csan_cudaDeviceSynchronize(SITE));
  return 0;
}

// UNKNOWN: csan: ERROR: CSAN_OPTIONS: unknown option 'bogus'
// UNKNOWN-NEXT: exit=1

// POW2: csan: ERROR: CSAN_OPTIONS: race_table_size=1000 is not a power of two
// POW2-NEXT: exit=1

// HELP: exitcode
// HELP: halt_on_error
// HELP: in main
// HELP-NEXT: exit=0
