// A host read of pinned memory after its cudaFreeHost is a use after free
// (memory_errors): the report names the read, the allocation and the free
// with their lines. csan keeps the block until later frees push it out, so
// no other allocation can be given its addresses meanwhile. The fixed twin
// reads before the free. cudaHostUnregister is not a free: the memory is
// the program's again, and reading it after is no error (both twins).
// There is no run with memory_errors=0: csan then holds nothing, and the
// read really touches freed memory (AddressSanitizer stops it in CI).
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=ERROR
#include "hostrace.h"

int main(void) {
  kernels_register();
  int *res;
  CK(cudaMallocHost((void **)&res, 64)); // ALLOC-LINE
  for (int i = 0; i < 16; i++)
    res[i] = i;
  int total = 0;
#ifdef FIXED
  total = res[3];
#endif
  CK(cudaFreeHost(res)); // FREE-LINE
#ifndef FIXED
  total = res[3]; // READ-LINE
#endif
  static int own[16];
  CK(cudaHostRegister(own, sizeof own, cudaHostRegisterDefault));
  own[0] = 1;
  CK(cudaHostUnregister(own));
  total += own[0];
  printf("total %d\n", total);
  return 0;
}

// RACE: csan: ERROR: use after free: read of 4 bytes at 0x{{[0-9a-f]+}} by host code
// RACE-NEXT: called at {{.*}}free-host-then-read.c:25:
// RACE: is 12 bytes inside a 64-byte freed allocation {{.*}} made by cudaMallocHost at {{.*}}free-host-then-read.c:16:
// RACE: freed by cudaFreeHost at {{.*}}free-host-then-read.c:23:
// RACE: #0 {{.*}} in main {{.*}}free-host-then-read.c:23:
// RACE: SUMMARY: csan: use-after-free {{.*}}free-host-then-read.c:25:
// FIXED: total 4
