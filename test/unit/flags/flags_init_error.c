// At start-up a bad CSAN_OPTIONS stops the process with status 1 and
// `csan: ERROR: CSAN_OPTIONS: <message>`; a good one starts normally.
// RUN: %cc_core -o %t
// RUN: env CSAN_OPTIONS=exitcode=7 %t 2>&1 | FileCheck %s --check-prefix=GOOD
// RUN: env CSAN_OPTIONS=exitcode=300 %not %t 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: env CSAN_OPTIONS=bogus=1 %not %t 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: env CSAN_OPTIONS=bogus=1 %t; test $? -eq 1
#include <stdio.h>

#include "csan_flags.h"

int main(void) {
  csan_flags f;
  csan_flags_init(&f);
  printf("started, exitcode=%d\n", f.exitcode);
  return 0;
}

// GOOD: started, exitcode=7
// RANGE: csan: ERROR: CSAN_OPTIONS: exitcode=300 is out of range [0, 255]
// RANGE-NOT: started
// NAME: csan: ERROR: CSAN_OPTIONS: unknown option 'bogus'
// NAME-NOT: started
