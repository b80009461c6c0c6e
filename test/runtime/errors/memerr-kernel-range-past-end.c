// A kernel's memcpy (a range check, which the memory-error check of sized
// accesses does not cover) copies 1004 bytes into a 1000-byte allocation:
// the slow path meets the poison record after the allocation's end, and
// csan reports that as a memory error (out of bounds, with the kernel's
// line and the allocation), never as a use-after-free race with a free
// that did not happen. The fixed twin copies 1000 bytes.
// RUN: %cc_rt -o %t
// RUN: %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BAD --implicit-check-not="data race" < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
#include "rt_test.h"

KERNEL_STUB(copy)

int main(int argc, char **argv) {
  int bad = argc > 1 && !strcmp(argv[1], "bad");
  fake_cuda_register_kernel((const void *)copy, "_Z4copyPc", FAKE_TWIN_OK, 1, NULL);
  int32_t site = fake_cuda_site("copy.cu", 5, 3, "_Z4copyPc", CSAN_ACC_WRITE, 0);
  char *p;
  CK(__csan_cudaMalloc((void **)&p, 1000, SITE)); // line 21
  LAUNCH(copy, 0, &p); // line 22
  fake_cuda_access(fake_cuda_last_launch(), p, bad ? 1004 : 1000, CSAN_ACC_WRITE, site);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// BAD:      csan: ERROR: out of bounds: write of 4 bytes at 0x{{[0-9a-f]+}} by kernel copy(char*) at copy.cu:5
// BAD-NEXT:   block (0,0,0), thread (0,0,0)
// BAD-NEXT:   launched at {{.*}}memerr-kernel-range-past-end.c:22:3
// BAD:        is 0 bytes after the end of a 1000-byte allocation {{.*}} made by cudaMalloc at {{.*}}memerr-kernel-range-past-end.c:21:3
// BAD:      SUMMARY: csan: out-of-bounds copy.cu:5 in copy(char*)
// BAD:      done
// BAD-NEXT: exit=66

// FIXED:      done
// FIXED-NEXT: exit=0
