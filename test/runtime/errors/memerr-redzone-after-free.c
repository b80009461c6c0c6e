// A block's redzone is emptied when the block is freed: the allocator may
// then hand those bytes to an allocation csan does not see (a library's),
// whose users must not find them poisoned. While the 1024-byte block is
// live, a kernel's store 76 bytes past its end is in the redzone and
// reported (LIVE). After cudaFree (quarantine_mb=0, so the fake takes the
// block back), an allocation made behind csan's back gets the same bytes
// and a kernel's store at the same address is no error (REUSED).
// RUN: %cc_rt -o %t
// RUN: env CSAN_OPTIONS=quarantine_mb=0 %run %t live > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=LIVE < %t.out
// RUN: env CSAN_OPTIONS=quarantine_mb=0 %run %t reused > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=REUSED --implicit-check-not=csan: < %t.out
#include "rt_test.h"

KERNEL_STUB(store)

int main(int argc, char **argv) {
  int reused = argc > 1 && !strcmp(argv[1], "reused");
  fake_cuda_register_kernel((const void *)store, "_Z5storePc", FAKE_TWIN_OK, 1, NULL);
  int32_t st = fake_cuda_site("lib.cu", 5, 3, "_Z5storePc", CSAN_ACC_WRITE, 4);
  char *first; /* csan sets itself up at its first call */
  CK(__csan_cudaMalloc((void **)&first, 16, SITE));
  char *a, *u = NULL;
  CK(__csan_cudaMalloc((void **)&a, 1024, SITE));
  uint64_t asked = fake_cuda_block_asked(a);
  char *at = a + 1100;
  if (reused) {
    CK(__csan_cudaFree(a, SITE));
    CK(cudaMalloc((void **)&u, asked)); /* the plain call: csan does not see it */
  }
  LAUNCH(store, 0, &at);
  const fake_launch *l = fake_cuda_last_launch();
  char *w = fake_cuda_access_use(l, at, 4, CSAN_ACC_WRITE, st);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("asked %llu; same bytes again: %s; redirected %s", (unsigned long long)asked,
       u == a ? "yes" : "no", w != at ? "yes" : "no");
  return 0;
}

// LIVE:      csan: ERROR: out of bounds: write of 4 bytes at 0x{{[0-9a-f]+}} by kernel store(char*) at lib.cu:5
// LIVE:        is 76 bytes after the end of a 1024-byte allocation
// LIVE:      asked 1280; same bytes again: no; redirected yes
// LIVE-NEXT: exit=66

// REUSED:      asked 1280; same bytes again: yes; redirected no
// REUSED-NEXT: exit=0
