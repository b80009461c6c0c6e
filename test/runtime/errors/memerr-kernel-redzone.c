// The issue's own example: a kernel writes 4 bytes after a 1024-byte
// allocation. 1024 is a multiple of 256, so CUDA leaves no slack after it
// and the next allocation may begin right there. With memory errors on,
// csan asks the allocator for 1024 + 256 (the `redzone` option) and poisons
// the 256 bytes after the program's 1024: the store is reported as out of
// bounds of the 1024-byte allocation (the program's size, not csan's) and
// sent to the sink, so the neighbour keeps its value. The fixed twin writes
// the last element: nothing. With memory_errors=0 or redzone=0 csan asks
// for exactly 1024 bytes and the neighbour follows at once: the store lands
// in it unreported (the gap the redzone closes).
// RUN: %cc_rt -o %t
// RUN: %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BAD < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
// RUN: env CSAN_OPTIONS=memory_errors=0 %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OFF --implicit-check-not=csan: < %t.out
// RUN: env CSAN_OPTIONS=redzone=0 %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OFF --implicit-check-not=csan: < %t.out
// RUN: env CSAN_OPTIONS=redzone=1024 %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BIG < %t.out
#include "rt_test.h"

KERNEL_STUB(store)

int main(int argc, char **argv) {
  int bad = argc > 1 && !strcmp(argv[1], "bad");
  fake_cuda_register_kernel((const void *)store, "_Z5storePi", FAKE_TWIN_OK, 1, NULL);
  int32_t st = fake_cuda_site("main.cu", 14, 5, "_Z5storePi", CSAN_ACC_WRITE, 4);
  int *p, *q, *first; /* csan sets itself up at its first call */
  CK(__csan_cudaMalloc((void **)&first, 16, SITE)); CK(__csan_cudaMalloc((void **)&p, 1024, SITE)); // line 31
  CK(__csan_cudaMalloc((void **)&q, 1024, SITE));
  NOTE("asked %llu for p; q follows p at once: %s",
       (unsigned long long)fake_cuda_block_asked(p), (char *)q == (char *)p + 1024 ? "yes" : "no");
  CK(__csan_cudaMemset(q, 0, 1024, SITE));
  LAUNCH(store, 0, &p); // line 36
  const fake_launch *l = fake_cuda_last_launch();
  int *at = bad ? &p[256] : &p[255]; /* bad: 4 bytes after the end */
  int *w = fake_cuda_access_use(l, at, 4, CSAN_ACC_WRITE, st);
  *w = 7;
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("redirected %s, q[0] %d", w != at ? "yes" : "no", q[0]);
  return 0;
}

// BAD:      asked 1280 for p; q follows p at once: no
// BAD-NEXT: ==================
// BAD-NEXT: csan: ERROR: out of bounds: write of 4 bytes at 0x{{[0-9a-f]+}} by kernel store(int*) at main.cu:14
// BAD-NEXT:   block (0,0,0), thread (0,0,0)
// BAD-NEXT:   launched at {{.*}}memerr-kernel-redzone.c:36:3
// BAD:        0x{{[0-9a-f]+}} is 0 bytes after the end of a 1024-byte allocation [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) made by cudaMalloc at {{.*}}memerr-kernel-redzone.c:31:3
// BAD:      SUMMARY: csan: out-of-bounds main.cu:14 in store(int*)
// BAD:      redirected yes, q[0] 0
// BAD-NEXT: exit=66

// FIXED:      asked 1280 for p; q follows p at once: no
// FIXED-NEXT: redirected no, q[0] 0
// FIXED-NEXT: exit=0

// OFF:      asked 1024 for p; q follows p at once: yes
// OFF-NEXT: redirected no, q[0] 7
// OFF-NEXT: exit=0

// BIG:      asked 2048 for p
// BIG:      csan: ERROR: out of bounds: write of 4 bytes
// BIG:      0 bytes after the end of a 1024-byte allocation
// BIG:      redirected yes, q[0] 0
// BIG-NEXT: exit=66
