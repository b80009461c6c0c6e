// Exit status: a run that reported races exits with 66 whatever main
// returned, or with CSAN_OPTIONS=exitcode; a run without races keeps the
// program's own status (the runtime does not take over the exit then).
// RUN: %cc_rt -o %t
// RUN: %run %t 0 > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=DEFAULT < %t.out
// RUN: env CSAN_OPTIONS=exitcode=3 %run %t 5 > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=CODE < %t.out
// RUN: %cc_rt -DNO_RACE -o %t.clean
// RUN: %run %t.clean 7 > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=CLEAN --implicit-check-not=csan < %t.out
#ifdef NO_RACE
#include "rt_test.h"
int main(int argc, char **argv) {
  int *p;
  CK(__csan_cudaMalloc((void **)&p, 64, SITE));
  CK(__csan_cudaMemsetAsync(p, 0, 64, 0, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end");
  return argc > 1 ? atoi(argv[1]) : 0;
}
#else
#include "two_races.h"
#endif

// DEFAULT: end
// DEFAULT-NEXT: csan: reported 2 data race(s)
// DEFAULT-NEXT: exit=66

// CODE: end
// CODE-NEXT: csan: reported 2 data race(s)
// CODE-NEXT: exit=3

// CLEAN: end
// CLEAN-NEXT: exit=7
