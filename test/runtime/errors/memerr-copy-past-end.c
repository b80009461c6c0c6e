// A copy or a set that runs past the end of its device allocation is a
// memory error csan sees on the host, before the call: the report names the
// call and its line, the bad byte's place after the allocation's end and
// where the allocation was made. Each line is reported once; csan exits 66
// at the end, or at the first error with halt_on_memory_error=1. The fixed
// twin (the allocation's own size) is silent, and so is memory_errors=0.
// RUN: %cc_rt -o %t
// RUN: %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BAD < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
// RUN: env CSAN_OPTIONS=memory_errors=0 %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
// RUN: env CSAN_OPTIONS=halt_on_memory_error=1 %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=HALT < %t.out
#include "rt_test.h"

int main(int argc, char **argv) {
  int bad = argc > 1 && !strcmp(argv[1], "bad");
  char *buf;
  static char host[2048];
  CK(__csan_cudaMalloc((void **)&buf, 1024, SITE)); // line 22
  size_t n = bad ? 1028 : 1024;
  for (int i = 0; i < 2; i++)
    CK(__csan_cudaMemcpy(buf, host, n, cudaMemcpyHostToDevice, SITE)); // line 25
  NOTE("copied");
  CK(__csan_cudaMemsetAsync(buf + 512, 0, n - 512, 0, SITE)); // line 27
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// BAD:      ==================
// BAD-NEXT: csan: ERROR: out of bounds: write of 1028 bytes at 0x{{[0-9a-f]+}} by cudaMemcpy
// BAD-NEXT:   called at {{.*}}memerr-copy-past-end.c:25:3
// BAD:        0x{{[0-9a-f]+}} is 0 bytes after the end of a 1024-byte allocation [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) made by cudaMalloc at {{.*}}memerr-copy-past-end.c:22:3
// BAD:      SUMMARY: csan: out-of-bounds {{.*}}memerr-copy-past-end.c:25:3 in cudaMemcpy
// BAD-NEXT: ==================
// BAD-NEXT: copied
// BAD-NEXT: ==================
// BAD-NEXT: csan: ERROR: out of bounds: write of 516 bytes at 0x{{[0-9a-f]+}} by cudaMemsetAsync
// BAD-NEXT:   called at {{.*}}memerr-copy-past-end.c:27:3
// BAD:      SUMMARY: csan: out-of-bounds {{.*}}memerr-copy-past-end.c:27:3 in cudaMemsetAsync
// BAD:      done
// BAD-NEXT: exit=66

// FIXED:      copied
// FIXED-NEXT: done
// FIXED-NEXT: exit=0

// HALT:      csan: ERROR: out of bounds: write of 1028 bytes
// HALT:      SUMMARY: csan: out-of-bounds {{.*}}memerr-copy-past-end.c:25:3 in cudaMemcpy
// HALT-NOT:  copied
// HALT:      exit=66
