// The driver's copies and sets are operations like the runtime's:
// cuMemsetD32Async on s1 writes the buffer, cuMemcpyDtoHAsync on s2 reads
// it without an ordering: write-read, both sides named by their driver
// calls. The fixed twin orders them with cuEventRecord/cuStreamWaitEvent;
// a 2-D set and a synchronous cuMemcpyHtoD (pageable source) run before.
// RUN: %cc_rt -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  CUstream s1, s2;
  LK(__csan_cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING, SITE));
  LK(__csan_cuStreamCreate(&s2, CU_STREAM_NON_BLOCKING, SITE));
  CUdeviceptr buf, img;
  size_t pitch;
  LK(__csan_cuMemAlloc_v2(&buf, 256, SITE));
  LK(__csan_cuMemAllocPitch_v2(&img, &pitch, 64, 4, 4, SITE));
  char src[256] = {0}, dst[64];
  LK(__csan_cuMemcpyHtoD_v2(buf, src, 256, SITE));
  LK(__csan_cuMemsetD2D8_v2(img, pitch, 0, 64, 4, SITE));
  LK(__csan_cuCtxSynchronize(SITE));
  LK(__csan_cuMemsetD32Async(buf + 64, 7, 16, s1, SITE));
  CUevent ev;
  LK(cuEventCreate(&ev, 0));
  if (!race) {
    LK(__csan_cuEventRecord(ev, s1, SITE));
    LK(__csan_cuStreamWaitEvent(s2, ev, 0, SITE));
  }
  LK(__csan_cuMemcpyDtoHAsync_v2(dst, buf + 96, 64, s2, SITE));
  LK(__csan_cuCtxSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 32 bytes at
// RACE-NEXT:   Read of size 64 at {{.*}} by cuMemcpyDtoHAsync on stream
// RACE:        Previous write of size 64 by cuMemsetD32Async on stream
// RACE:        Location: bytes [96, 128) of a 256-byte allocation at {{.*}} made by cuMemAlloc at:
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
