// The table of unchecked calls (core/csan_unchecked.h): counted by kind,
// the first call's place and reason kept, printed once at exit in the order
// the kinds first occurred; nothing printed when nothing ran unchecked.
// RUN: %cc_core -o %t && %t 2>&1 | FileCheck %s --implicit-check-not=csan:
#include <stdio.h>

#include "csan_unchecked.h"

int main(void) {
  csan_unchecked_print(); // nothing yet
  csan_host_site a = {"train.cu", "main", 88, 5}, b = {"train.cu", "main", 91, 5};
  int first = csan_unchecked_add("cublasSgeam", "no model", &a);
  int again = csan_unchecked_add("cublasSgeam", "another reason", &b);
  csan_unchecked_add("cuLaunchKernel of saxpy", "the kernel has no instrumented twin", &b);
  csan_unchecked_add("cublasSgeam", NULL, NULL);
  csan_unchecked_add("ncclCommSplit", "no model", NULL);
  fprintf(stderr, "first=%d again=%d kinds=%zu calls=%llu geam=%llu none=%llu\n", first, again,
          csan_unchecked_kinds(), (unsigned long long)csan_unchecked_calls(),
          (unsigned long long)csan_unchecked_count("cublasSgeam"),
          (unsigned long long)csan_unchecked_count("cublasSgemm_v2"));
  csan_unchecked_print();
  return 0;
}
// CHECK: first=1 again=0 kinds=3 calls=5 geam=3 none=0
// CHECK-NEXT: csan: 5 call(s) of 3 kind(s) ran unchecked (csan does not know what they access):
// CHECK-NEXT: csan:   cublasSgeam: 3 call(s), first at train.cu:88: no model
// CHECK-NEXT: csan:   cuLaunchKernel of saxpy: 1 call(s), first at train.cu:91: the kernel has no instrumented twin
// CHECK-NEXT: csan:   ncclCommSplit: 1 call(s): no model
