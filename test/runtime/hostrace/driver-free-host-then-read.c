// The driver API's pinned memory: a host read after cuMemFreeHost is a use
// after free (memory_errors), as after cudaFreeHost; csan holds the block
// meanwhile. The fixed twin reads before the free.
// RUN: %cc_host -Wl,--no-as-needed -lcuda %s -o %t.race && %cc_host -Wl,--no-as-needed -lcuda -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=ERROR
#include <cuda.h>

#include "hostrace.h"

#define DK(call)                                                                               \
  do {                                                                                         \
    if ((call) != CUDA_SUCCESS) {                                                              \
      fprintf(stderr, "%s failed\n", #call);                                                   \
      exit(2);                                                                                 \
    }                                                                                          \
  } while (0)

int main(void) {
  kernels_register();
  int *res;
  DK(cuMemAllocHost((void **)&res, 64)); // ALLOC-LINE
  for (int i = 0; i < 16; i++)
    res[i] = i;
  int total = 0;
#ifdef FIXED
  total = res[2];
#endif
  DK(cuMemFreeHost(res)); // FREE-LINE
#ifndef FIXED
  total = res[2]; // READ-LINE
#endif
  printf("total %d\n", total);
  return 0;
}

// RACE: csan: ERROR: use after free: read of 4 bytes at 0x{{[0-9a-f]+}} by host code
// RACE-NEXT: called at {{.*}}driver-free-host-then-read.c:31:
// RACE: is 8 bytes inside a 64-byte freed allocation {{.*}} made by cuMemAllocHost at {{.*}}driver-free-host-then-read.c:22:
// RACE: freed by cuMemFreeHost at {{.*}}driver-free-host-then-read.c:29:
// RACE: #0 {{.*}} in main {{.*}}driver-free-host-then-read.c:29:
// FIXED: total 2
