// Host waits through the driver: after cuCtxSynchronize the host has
// observed all work, so a kernel on another stream is ordered after the
// earlier copy (FIXED); cuStreamSynchronize of the wrong stream observes
// nothing of it, and the kernel's read races with the copy's write (RACE).
// cuStreamQuery and cuEventQuery that succeed observe too.
// RUN: %cc_rt -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  CUstream s1, s2, s3;
  LK(__csan_cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING, SITE));
  LK(__csan_cuStreamCreate(&s2, CU_STREAM_NON_BLOCKING, SITE));
  LK(__csan_cuStreamCreateWithPriority(&s3, CU_STREAM_NON_BLOCKING, 0, SITE));
  CUdeviceptr buf;
  LK(__csan_cuMemAlloc_v2(&buf, 64, SITE));
  char *pinned;
  LK(__csan_cuMemAllocHost_v2((void **)&pinned, 64, SITE));
  LK(__csan_cuMemcpyHtoDAsync_v2(buf, pinned, 64, s1, SITE));
  if (race)
    LK(__csan_cuStreamSynchronize(s3, SITE));
  else
    LK(__csan_cuCtxSynchronize(SITE));
  LK(__csan_cuStreamQuery(s2, SITE));
  KREAD((cudaStream_t)s2, (void *)(uintptr_t)buf, 64);
  LK(__csan_cuStreamSynchronize(s2, SITE));
  LK(__csan_cuStreamDestroy_v2(s3, SITE));
  LK(__csan_cuMemFreeHost(pinned, SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 64 bytes at
// RACE:        Previous write of size 64 by cuMemcpyHtoDAsync on stream
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
