// Stream-ordered driver allocations: cuMemFreeAsync on s1 frees the block in
// s1's order; a kernel on s2 that reads it afterwards, unordered, is a
// use-after-free (RACE). In the fixed twin the reader runs on s1 before the
// free. cuMemAlloc / cuMemFree (which synchronizes the device) run too.
// RUN: %cc_rt -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  CUstream s1, s2;
  LK(__csan_cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING, SITE));
  LK(__csan_cuStreamCreate(&s2, CU_STREAM_NON_BLOCKING, SITE));
  CUdeviceptr tmp, p;
  LK(__csan_cuMemAlloc_v2(&tmp, 64, SITE));
  KWRITE((cudaStream_t)s1, (void *)(uintptr_t)tmp, 64);
  LK(__csan_cuMemFree_v2(tmp, SITE)); // synchronizes the device first
  LK(__csan_cuMemAllocAsync(&p, 128, s1, SITE));
  KWRITE((cudaStream_t)s1, (void *)(uintptr_t)p, 128);
  if (!race)
    KREAD((cudaStream_t)s1, (void *)(uintptr_t)p, 32);
  LK(__csan_cuMemFreeAsync(p, s1, SITE));
  if (race)
    KREAD((cudaStream_t)s2, (void *)(uintptr_t)p, 32);
  LK(__csan_cuCtxSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (use-after-free) on 32 bytes at
// RACE:        Previous free of size 128 by cuMemFreeAsync on stream
// RACE:        Location: bytes [0, 32) of a 128-byte allocation at {{.*}} made by cuMemAllocAsync at:
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
