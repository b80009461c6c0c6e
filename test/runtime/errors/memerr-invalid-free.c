// cudaFree of a pointer that starts no live allocation: 16 bytes into a
// 1024-byte allocation (named with the offset), or an address csan knows
// nothing near (named as such). The allocator rejects both: csan reports an
// invalid free at the call and returns CUDA's error (cudaErrorInvalidValue);
// the allocation stays usable and its own free is clean. The fixed twin
// frees the allocation's start. A pointer from an allocation csan did not
// see (made behind its back) frees fine and is no error.
// RUN: %cc_rt -o %t
// RUN: %run %t inside > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=INSIDE < %t.out
// RUN: %run %t unknown > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=UNKNOWN < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
// RUN: env CSAN_OPTIONS=report_format=json %run %t inside > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=JSON < %t.out
#include "rt_test.h"

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "fixed";
  char *a;
  CK(__csan_cudaMalloc((void **)&a, 1024, SITE)); // line 22
  if (!strcmp(mode, "inside"))
    NOTE("cudaFree(a + 16): %d", (int)__csan_cudaFree(a + 16, SITE)); // line 24
  static char host[64];
  if (!strcmp(mode, "unknown"))
    NOTE("cudaFree(host): %d", (int)__csan_cudaFree(host, SITE)); // line 27
  void *unseen; /* the plain call: csan does not see it */
  CK(cudaMalloc(&unseen, 512));
  CK(__csan_cudaFree(unseen, SITE));
  CK(__csan_cudaMemset(a, 0, 1024, SITE));
  CK(__csan_cudaFree(a, SITE));
  NOTE("done");
  return 0;
}

// INSIDE:      csan: ERROR: invalid free: cudaFree of 0x[[P:[0-9a-f]+]]
// INSIDE-NEXT:   called at {{.*}}memerr-invalid-free.c:24:3
// INSIDE:        0x[[P]] is 16 bytes inside a 1024-byte allocation [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) made by cudaMalloc at {{.*}}memerr-invalid-free.c:22:3
// INSIDE:      SUMMARY: csan: invalid-free {{.*}}memerr-invalid-free.c:24:3 in cudaFree
// INSIDE:      cudaFree(a + 16): 1
// INSIDE-NEXT: done
// INSIDE-NEXT: exit=66

// UNKNOWN:      csan: ERROR: invalid free: cudaFree of 0x{{[0-9a-f]+}}
// UNKNOWN-NEXT:   called at {{.*}}memerr-invalid-free.c:27:3
// UNKNOWN:        no allocation csan knows of is near it
// UNKNOWN:      SUMMARY: csan: invalid-free {{.*}}memerr-invalid-free.c:27:3 in cudaFree
// UNKNOWN:      cudaFree(host): 1
// UNKNOWN-NEXT: done
// UNKNOWN-NEXT: exit=66

// FIXED:      done
// FIXED-NEXT: exit=0

// JSON:      {"type":"memory-error","kind":"invalid-free","access":"free",{{.*}}"line":24,{{.*}}"allocation":{{{.*}}"size":1024,"offset":16,"freed":false,"api":"cudaMalloc",
// JSON:      exit=66
