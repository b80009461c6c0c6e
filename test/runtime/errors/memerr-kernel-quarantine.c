// quarantine_mb: a block freed with cudaFree is held back from the
// allocator, so the next allocation of the same size gets another address
// and a kernel using the dangling pointer is still caught as a use after
// free (with the free's line). Without the quarantine the allocator hands
// the same address out again: the dangling read then reads the new block,
// valid memory to csan, and nothing is reported. (A second cudaFree of a
// held block is a double free, reported and refused with CUDA's error:
// memerr-double-free.c.)
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=HOLD < %t.out
// RUN: env CSAN_OPTIONS=quarantine_mb=0 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OFF --implicit-check-not=csan: < %t.out
#include "rt_test.h"

KERNEL_STUB(peek)

int main(void) {
  fake_cuda_register_kernel((const void *)peek, "_Z4peekPi", FAKE_TWIN_OK, 1, NULL);
  int32_t rd = fake_cuda_site("peek.cu", 2, 10, "_Z4peekPi", CSAN_ACC_READ, 4);
  int *a, *b;
  CK(__csan_cudaMalloc((void **)&a, 1024, SITE));
  CK(__csan_cudaFree(a, SITE)); // line 23
  CK(__csan_cudaMalloc((void **)&b, 1024, SITE));
  NOTE("same address again: %s", a == b ? "yes" : "no");
  LAUNCH(peek, 0, &a); /* a dangles */
  const fake_launch *l = fake_cuda_last_launch();
  int *r = fake_cuda_access_use(l, &a[3], 4, CSAN_ACC_READ, rd);
  NOTE("dangling read redirected: %s", r != &a[3] ? "yes" : "no");
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("free b: %d", (int)__csan_cudaFree(b, SITE));
  return 0;
}

// HOLD:      same address again: no
// HOLD-NEXT: dangling read redirected: yes
// HOLD-NEXT: ==================
// HOLD-NEXT: csan: ERROR: use after free: read of 4 bytes at 0x{{[0-9a-f]+}} by kernel peek(int*) at peek.cu:2
// HOLD:      freed by cudaFree at {{.*}}memerr-kernel-quarantine.c:23:3
// HOLD:      SUMMARY: csan: use-after-free peek.cu:2 in peek(int*)
// HOLD:      free b: 0
// HOLD-NEXT: exit=66

// OFF:      same address again: yes
// OFF-NEXT: dangling read redirected: no
// OFF-NEXT: free b: 0
// OFF-NEXT: exit=0
