// cuStreamWriteValue32 releases its stream's work to the flag it writes,
// and cuStreamWaitValue32 of that flag on another stream acquires it: a
// kernel on s2 after the wait is ordered after the kernel on s1 before the
// write (FIXED). Waiting for another flag orders nothing: the reader races
// with the writer (RACE, write-read). The flag accesses themselves do not
// race (they are synchronization).
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
  CUdeviceptr data, flags;
  LK(__csan_cuMemAlloc_v2(&data, 64, SITE));
  LK(__csan_cuMemAlloc_v2(&flags, 16, SITE));
  KWRITE((cudaStream_t)s1, (void *)(uintptr_t)data, 64);
  LK(__csan_cuStreamWriteValue32_v2(s1, flags, 1, 0, SITE));
  LK(__csan_cuStreamWaitValue32_v2(s2, race ? flags + 8 : flags, 1, CU_STREAM_WAIT_VALUE_GEQ,
                                   SITE));
  KREAD((cudaStream_t)s2, (void *)(uintptr_t)data, 64);
  LK(__csan_cuCtxSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 64 bytes at
// RACE:        Previous write of size 4 by kernel kwrite(void*, unsigned long) on stream
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
