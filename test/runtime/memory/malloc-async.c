// cudaMallocAsync is an operation of its stream: using the memory on another
// stream that is not ordered after the allocation races with it (the
// previous access is the allocation), and so does freeing it there. An event
// recorded after the allocation and waited for by the user's stream orders
// both.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(use)
static int32_t site;

static void use_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 2, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  site = fake_cuda_site("use.cu", 7, 3, "_Z3usePi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)use, "_Z3usePi", FAKE_TWIN_OK, 1, use_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  cudaEvent_t ready;
  CK(__csan_cudaEventCreate(&ready, SITE));
  int *p;
  CK(__csan_cudaMallocAsync((void **)&p, 100, s1, SITE)); int alloc_line = __LINE__;
  CK(__csan_cudaEventRecord(ready, s1, SITE));
  if (!race)
    CK(__csan_cudaStreamWaitEvent(s2, ready, 0, SITE));
  LAUNCH(use, s2, &p);
  CK(__csan_cudaFreeAsync(p, s2, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("alloc line %d", alloc_line);
  return 0;
}

// RACE:      WARNING: csan: data race (write-write) on 8 bytes
// RACE-NEXT:   Write of size 4 at 0x{{[0-9a-f]+}} by kernel use(int*) on stream 0x{{[0-9a-f]+}}:
// RACE:        Previous allocation of size 100 by cudaMallocAsync on stream 0x{{[0-9a-f]+}}:
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}malloc-async.c:[[#ALLOC:]]
// RACE:        Location: bytes [0, 8) of a 100-byte allocation at 0x{{[0-9a-f]+}} made by cudaMallocAsync at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}malloc-async.c:[[#ALLOC]]
// RACE:        Freed by cudaFreeAsync at:
// RACE:      WARNING: csan: data race (use-after-free) on 100 bytes
// RACE-NEXT:   Free of size 100 at 0x{{[0-9a-f]+}} by cudaFreeAsync on stream 0x{{[0-9a-f]+}}:
// RACE:        Previous allocation of size 100 by cudaMallocAsync on stream 0x{{[0-9a-f]+}}:
// RACE:      alloc line [[#ALLOC]]
// RACE-NEXT: csan: reported 2 data race(s)
// RACE-NEXT: exit=66

// FIXED: alloc line
// FIXED-NEXT: exit=0
