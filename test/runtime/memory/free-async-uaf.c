// cudaFreeAsync marks the bytes freed in stream order: a kernel that uses them
// afterwards, even on the same stream, is a use-after-free, and the report
// names the free and where the block was made and freed. Without the use
// nothing is reported.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(use)
static int32_t site;

static void use_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0) + 4, 1, 4, CSAN_ACC_READ, site);
}

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  site = fake_cuda_site("use.cu", 9, 11, "_Z3usePi", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)use, "_Z3usePi", FAKE_TWIN_OK, 1, use_body);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *p;
  CK(__csan_cudaMallocAsync((void **)&p, 64, s, SITE));
  LAUNCH(use, s, &p);
  CK(__csan_cudaFreeAsync(p, s, SITE)); int free_line = __LINE__;
  if (race)
    LAUNCH(use, s, &p);
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("free line %d", free_line);
  return 0;
}

// RACE:      WARNING: csan: data race (use-after-free) on 4 bytes
// RACE-NEXT:   Read of size 4 at 0x{{[0-9a-f]+}} by kernel use(int*) on stream 0x{{[0-9a-f]+}}:
// RACE-NEXT:     #0 use(int*) use.cu:9:11
// RACE:        Previous free of size 64 by cudaFreeAsync on stream 0x{{[0-9a-f]+}}:
// RACE:        Location: bytes [16, 20) of a 64-byte allocation at 0x{{[0-9a-f]+}} made by cudaMallocAsync at:
// RACE:        Freed by cudaFreeAsync at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}free-async-uaf.c:[[#FREE:]]
// RACE:      SUMMARY: csan: data race (use-after-free) use.cu:9:11 in use(int*)
// RACE:      free line [[#FREE]]
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: free line
// FIXED-NEXT: exit=0
