// Reports come at the synchronization that shows the reporting operation
// complete, not before: a race whose reporting operation the host has not
// waited for is held back (WAIT) until the host waits for it, or until exit
// (EXIT), where csan waits for the work still running before its last look.
// RUN: %cc_rt -o %t
// RUN: %run %t wait > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=WAIT < %t.out
// RUN: %run %t exit > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=EXIT < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int wait = argc > 1 && !strcmp(argv[1], "wait");
  site = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *p;
  CK(__csan_cudaMalloc((void **)&p, 4, SITE));
  LAUNCH(fill, s1, &p);
  LAUNCH(fill, s2, &p); /* the race is recorded by this launch */
  CK(__csan_cudaStreamSynchronize(s1, SITE));
  NOTE("waited for s1");
  if (wait) {
    CK(__csan_cudaStreamSynchronize(s2, SITE));
    NOTE("waited for s2");
  }
  NOTE("end of main");
  return 0;
}

// WAIT:      waited for s1
// WAIT-NEXT: ==================
// WAIT-NEXT: WARNING: csan: data race (write-write) on 4 bytes
// WAIT:      ==================
// WAIT-NEXT: waited for s2
// WAIT-NEXT: end of main
// WAIT-NEXT: csan: reported 1 data race(s)

// EXIT:      waited for s1
// EXIT-NEXT: end of main
// EXIT-NEXT: ==================
// EXIT-NEXT: WARNING: csan: data race (write-write) on 4 bytes
// EXIT:      csan: reported 1 data race(s)
// EXIT-NEXT: exit=66
