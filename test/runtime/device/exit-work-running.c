// A program that calls exit() while work csan has not seen finish is still
// running: csan waits at most 10 s (a kernel that never ends cannot hang the
// exit), says that reports may be missing, and the exit goes on with the
// program's status. Here the fake's device "runs" for 60 s.
// RUN: %cc_rt -o %t
// RUN: env FAKE_CUDA_SYNC_SLEEP=60 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SLOW < %t.out
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=DONE < %t.out
#include <time.h>

#include "rt_test.h"

static time_t start;

static void report_time(void) {
  long took = (long)(time(NULL) - start);
  NOTE("exit handlers done %s", took >= 9 && took <= 20 ? "after the deadline" : "at once");
}

int main(void) {
  /* Before the first CUDA call: csan registers its handler when it sets the
   * device up, so this one runs after it. */
  atexit(report_time);
  char *p;
  CK(__csan_cudaMalloc((void **)&p, 64, SITE));
  CK(__csan_cudaMemsetAsync(p, 0, 64, 0, SITE)); /* never waited for */
  start = time(NULL);
  NOTE("calling exit");
  exit(3);
}

// SLOW:      calling exit
// SLOW-NEXT: csan: work still running at exit; reports for it may be missing
// SLOW-NEXT: exit handlers done after the deadline
// SLOW-NEXT: exit=3

// DONE:      calling exit
// DONE-NEXT: exit handlers done at once
// DONE-NEXT: exit=3
