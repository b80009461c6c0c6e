// Memory from the driver's virtual-memory API (cuMemCreate, then cuMemMap
// into a cuMemAddressReserve range, then cuMemSetAccess), as allocators that
// manage their own address space make it: csan tracks the mapping as an
// allocation, so a kernel writing it on one stream and a kernel reading it
// on another, unordered, race, and the report names cuMemMap's line. The
// fixed twin orders them with an event. (Before, csan did not see such
// memory: the accesses were named once as unchecked memory.)
// RUN: %cc_rt -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  lib_kernels_register();
  CUstream s1, s2;
  LK(__csan_cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING, SITE));
  LK(__csan_cuStreamCreate(&s2, CU_STREAM_NON_BLOCKING, SITE));
  CUmemGenericAllocationHandle h;
  CUdeviceptr va;
  size_t gran = lib_vmm_reserve(&h, &va);
  NOTE("map line %d", __LINE__ + 1);
  LK(__csan_cuMemMap(va, gran, 0, h, 0, SITE));
  lib_vmm_access(va, gran);
  KWRITE(s1, (void *)(uintptr_t)va, 256);
  if (fixed) {
    CUevent e;
    LK(cuEventCreate(&e, 0));
    LK(__csan_cuEventRecord(e, s1, SITE));
    LK(__csan_cuStreamWaitEvent(s2, e, 0, SITE));
  }
  KREAD(s2, (void *)(uintptr_t)va, 256);
  LK(__csan_cuCtxSynchronize(SITE));
  LK(__csan_cuMemUnmap(va, gran, SITE));
  lib_vmm_release(h, va, gran);
  NOTE("end");
  return 0;
}

// RACE:      map line [[#MAP:]]
// RACE:      WARNING: csan: data race (write-read) on 256 bytes at
// RACE-NEXT:   Read of size 4 at {{.*}} by kernel kread(void const*, unsigned long) on stream
// RACE:        Previous write of size 4 by kernel kwrite(void*, unsigned long) on stream
// RACE:        Location: bytes [0, 256) of a 2097152-byte allocation at {{.*}} made by cuMemMap at:
// RACE-NEXT:     #0 {{.*}}driver-vmm-race.c:[[#MAP]]
// RACE:      end
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      map line
// FIXED-NEXT: end
// FIXED-NEXT: exit=0
