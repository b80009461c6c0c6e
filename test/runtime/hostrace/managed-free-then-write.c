// A host write to managed memory after its cudaFree is a use after free
// (memory_errors), named with the free's line and stack. The fixed twin
// writes before the free.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=ERROR --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  int *m;
  CK(cudaMallocManaged((void **)&m, 64, cudaMemAttachGlobal)); // ALLOC-LINE
  CK(launch(fill, 0, m, 16));
  CK(cudaDeviceSynchronize());
#ifdef FIXED
  m[5] = 0;
#endif
  CK(cudaFree(m)); // FREE-LINE
#ifndef FIXED
  m[5] = 0; // WRITE-LINE
#endif
  printf("done\n");
  return 0;
}

// RACE: csan: ERROR: use after free: write of 4 bytes at 0x{{[0-9a-f]+}} by host code
// RACE-NEXT: called at {{.*}}managed-free-then-write.c:20:
// RACE: 20 bytes inside a 64-byte freed allocation {{.*}} made by cudaMallocManaged at {{.*}}managed-free-then-write.c:12:
// RACE: freed by cudaFree at {{.*}}managed-free-then-write.c:18:
// RACE: #0 {{.*}} in main {{.*}}managed-free-then-write.c:18:
// FIXED: done
