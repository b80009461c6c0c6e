// A kernel reads memory the program freed with cudaFree before the launch:
// the FREE records csan left are ordered before the kernel, so the device's
// check records a use after free and the read returns 0 from csan's zero
// bytes. The host reports it with the kernel, its line and the free's line,
// and exits 66. An unordered stream-ordered free stays a race (other
// tests). The fixed twin reads before the free.
// RUN: %cc_rt -o %t
// RUN: %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BAD < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
#include "rt_test.h"

KERNEL_STUB(sum)

static int run_sum(int *p, int32_t site) {
  LAUNCH(sum, 0, &p); // line 17
  const fake_launch *l = fake_cuda_last_launch();
  int total = 0;
  for (unsigned i = 0; i < 64; i++)
    total += *(int *)fake_cuda_access_use(l, &p[i], 4, CSAN_ACC_READ, site);
  return total;
}

int main(int argc, char **argv) {
  int bad = argc > 1 && !strcmp(argv[1], "bad");
  fake_cuda_register_kernel((const void *)sum, "_Z3sumPi", FAKE_TWIN_OK, 1, NULL);
  int32_t rd = fake_cuda_site("sum.cu", 4, 12, "_Z3sumPi", CSAN_ACC_READ, 4);
  int *p;
  CK(__csan_cudaMalloc((void **)&p, 256, SITE)); // line 30
  for (int i = 0; i < 64; i++)
    p[i] = 1;
  int total = -1;
  if (!bad)
    total = run_sum(p, rd);
  CK(__csan_cudaFree(p, SITE)); // line 36
  if (bad)
    total = run_sum(p, rd);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("total %d", total);
  return 0;
}

// BAD:      ==================
// BAD-NEXT: csan: ERROR: use after free: read of 4 bytes at 0x{{[0-9a-f]+}} by kernel sum(int*) at sum.cu:4
// BAD-NEXT:   block (0,0,0), thread (0,0,0)
// BAD-NEXT:   launched at {{.*}}memerr-kernel-use-after-free.c:17:3
// BAD:        0x{{[0-9a-f]+}} is 0 bytes inside a 256-byte freed allocation [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) made by cudaMalloc at {{.*}}memerr-kernel-use-after-free.c:30:3
// BAD:        freed by cudaFree at {{.*}}memerr-kernel-use-after-free.c:36:3
// BAD:      SUMMARY: csan: use-after-free sum.cu:4 in sum(int*)
// BAD-NEXT: ==================
// BAD-NEXT: total 0
// BAD-NEXT: exit=66

// FIXED:      total 64
// FIXED-NEXT: exit=0
