// A twin whose last parameter is not the launch context (a module built by a
// different csan) is not launched: csan says so once per kernel and launches
// the kernel unchecked, every time, and counts those launches in the exit
// summary. A correct twin is launched silently.
// RUN: %cc_rt -o %t
// RUN: %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BAD < %t.out
// RUN: %run %t ok > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OK --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)

int main(int argc, char **argv) {
  int bad = argc > 1 && !strcmp(argv[1], "bad");
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPii", bad ? FAKE_TWIN_BAD : FAKE_TWIN_OK, 2,
                            NULL);
  int *buf, n = 4;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  LAUNCH(fill, 0, &buf, &n);
  LAUNCH(fill, 0, &buf, &n);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("launches: %lu plain, %lu instrumented", fake_cuda_count("launch:plain"),
       fake_cuda_count("launch:twin"));
  return 0;
}

// BAD:      csan: WARNING: kernel fill(int*, int): its instrumented twin has 3 parameter(s) (the last of 8 bytes), expected 3 (the last of 1088 bytes); its launches are not checked
// BAD-NOT:  WARNING
// BAD:      launches: 2 plain, 0 instrumented
// BAD-NEXT: csan: 2 call(s) of 1 kind(s) ran unchecked
// BAD-NEXT: csan: cudaLaunchKernel of fill(int*, int): 2 call(s), first at {{.*}}twin-bad-signature.c:[[#]]: the kernel has no instrumented twin
// BAD-NEXT: exit=0

// OK: launches: 0 plain, 2 instrumented
// OK-NEXT: exit=0
