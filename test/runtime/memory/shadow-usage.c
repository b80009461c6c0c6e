// verbosity=1 ends with the shadow's size and the most bytes tracked at once
// (a benchmark script parses this line), then the escalation pool's use
// (none here: no kernel ran): one page shadow (3 MiB) per 2 MiB
// page of tracked memory, plus the level-2 table (128 KiB) and the directory
// (128 KiB). Freed bytes stop counting as tracked; pinned host memory never
// counts. Without verbosity the line is not printed.
// RUN: %cc_rt -o %t
// RUN: env CSAN_OPTIONS=verbosity=1 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=VERBOSE < %t.out
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=QUIET --implicit-check-not=csan: < %t.out
#include "rt_test.h"

int main(void) {
  char *a, *b, *h;
  CK(__csan_cudaMalloc((void **)&a, 1000, SITE));
  CK(__csan_cudaMalloc((void **)&b, 3000, SITE));
  CK(__csan_cudaFree(a, SITE));
  CK(__csan_cudaMalloc((void **)&a, 500, SITE));
  CK(__csan_cudaMallocHost((void **)&h, 4096, SITE));
  NOTE("end");
  return 0;
}

// 1 page (3145728) + 1 level-2 table (131072) + the directory (131072);
// at most 1000 + 3000 bytes at once.
// VERBOSE: end
// VERBOSE-NEXT: csan: shadow: 3407872 bytes for 4000 tracked bytes
// VERBOSE-NEXT: csan: escalation pool: 0 of {{[0-9]+}} blocks handed out, 0 free-list operations, 0 escalations found no block
// VERBOSE-NEXT: exit=0

// QUIET: end
// QUIET-NEXT: exit=0
