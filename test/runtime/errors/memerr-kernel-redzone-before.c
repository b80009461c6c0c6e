// A negative index, q[-1], of the second of two 1024-byte allocations made
// one after the other. csan puts no redzone before an allocation (the
// pointer is CUDA's): q[-1] is caught only when it lands in the redzone of
// the block before, i.e. when the allocator placed q right after that
// padded block. The fake hands out 512-byte granules: with redzone=512 the
// padded block before q is 1536 bytes, q follows it at once, and q[-1] is
// reported as out of bounds of the nearest allocation, 4 bytes before q's
// start. With the default 256 the block is 1280 bytes, the allocator's
// granule leaves 256 bytes csan does not track before q, and q[-1] is not
// caught; with redzone=0 q[-1] is p's last element. The fixed twin reads
// q[0].
// RUN: %cc_rt -o %t
// RUN: env CSAN_OPTIONS=redzone=512 %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BAD < %t.out
// RUN: env CSAN_OPTIONS=redzone=512 %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
// RUN: %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=GAP --implicit-check-not=csan: < %t.out
// RUN: env CSAN_OPTIONS=redzone=0 %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OFF --implicit-check-not=csan: < %t.out
#include "rt_test.h"

KERNEL_STUB(load)

int main(int argc, char **argv) {
  int bad = argc > 1 && !strcmp(argv[1], "bad");
  fake_cuda_register_kernel((const void *)load, "_Z4loadPi", FAKE_TWIN_OK, 1, NULL);
  int32_t ld = fake_cuda_site("main.cu", 20, 9, "_Z4loadPi", CSAN_ACC_READ, 4);
  int *p, *q, *first; /* csan sets itself up at its first call */
  CK(__csan_cudaMalloc((void **)&first, 16, SITE));
  CK(__csan_cudaMalloc((void **)&p, 1024, SITE));
  CK(__csan_cudaMalloc((void **)&q, 1024, SITE)); // line 32
  LAUNCH(load, 0, &q);
  const fake_launch *l = fake_cuda_last_launch();
  int *at = bad ? &q[-1] : &q[0];
  int *r = fake_cuda_access_use(l, at, 4, CSAN_ACC_READ, ld);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("redirected %s; p's last element is q[-1]: %s", r != at ? "yes" : "no",
       &p[255] == &q[-1] ? "yes" : "no");
  return 0;
}

// BAD:      csan: ERROR: out of bounds: read of 4 bytes at 0x{{[0-9a-f]+}} by kernel load(int*) at main.cu:20
// BAD:        0x{{[0-9a-f]+}} is 4 bytes before the start of a 1024-byte allocation [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) made by cudaMalloc at {{.*}}memerr-kernel-redzone-before.c:32:3
// BAD:      redirected yes; p's last element is q[-1]: no
// BAD-NEXT: exit=66

// FIXED:      redirected no; p's last element is q[-1]: no
// FIXED-NEXT: exit=0

// GAP:      redirected no; p's last element is q[-1]: no
// GAP-NEXT: exit=0

// OFF:      redirected no; p's last element is q[-1]: yes
// OFF-NEXT: exit=0
