// cudaFree of ordinary memory synchronizes the device and frees on the host:
// a kernel issued afterwards that uses the bytes is a use-after-free, whose
// previous access is the free `on the host`. A kernel issued before the free
// (not synchronized by the program) is ordered before it by the free's own
// synchronization: nothing is reported.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(use)
static int32_t site;

static void use_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  site = fake_cuda_site("use.cu", 9, 11, "_Z3usePi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)use, "_Z3usePi", FAKE_TWIN_OK, 1, use_body);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *p;
  CK(__csan_cudaMalloc((void **)&p, 32, SITE));
  LAUNCH(use, s, &p);
  CK(__csan_cudaFree(p, SITE)); int free_line = __LINE__;
  if (race)
    LAUNCH(use, s, &p);
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("free line %d", free_line);
  return 0;
}

// RACE:      WARNING: csan: data race (use-after-free) on 4 bytes
// RACE-NEXT:   Write of size 4 at 0x{{[0-9a-f]+}} by kernel use(int*) on stream 0x{{[0-9a-f]+}}:
// RACE:        Previous free of size 32 by cudaFree on the host:
// RACE-NEXT:     operation #[[#]] on slot 255
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}free-sync-uaf.c:[[#FREE:]]
// RACE:        Location: bytes [0, 4) of a 32-byte allocation at 0x{{[0-9a-f]+}} made by cudaMalloc at:
// RACE:        Freed by cudaFree at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}free-sync-uaf.c:[[#FREE]]
// RACE:      free line [[#FREE]]
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: free line
// FIXED-NEXT: exit=0
