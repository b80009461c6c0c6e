// cuMemUnmap does not wait for the device (unlike cuMemFree, which csan
// treats as synchronizing): a mapping unmapped while a kernel that writes it
// may still run races with that kernel: csan reports the unmap (a free on
// the host) against the kernel's write, a use-after-free race. The fixed twin waits for the stream first. After the
// unmap, the mapping is freed memory to csan.
// RUN: %cc_rt -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  lib_kernels_register();
  CUstream s;
  LK(__csan_cuStreamCreate(&s, CU_STREAM_NON_BLOCKING, SITE));
  CUmemGenericAllocationHandle h;
  CUdeviceptr va;
  size_t gran = lib_vmm_reserve(&h, &va);
  LK(__csan_cuMemMap(va, gran, 0, h, 0, SITE));
  lib_vmm_access(va, gran);
  KWRITE(s, (void *)(uintptr_t)va, 64);
  if (fixed)
    LK(__csan_cuStreamSynchronize(s, SITE));
  NOTE("unmap line %d", __LINE__ + 1);
  LK(__csan_cuMemUnmap(va, gran, SITE));
  LK(__csan_cuStreamSynchronize(s, SITE));
  lib_vmm_release(h, va, gran);
  NOTE("end");
  return 0;
}

// RACE:      unmap line [[#UNMAP:]]
// RACE:      WARNING: csan: data race (use-after-free) on 64 bytes at
// RACE-NEXT:   Free of size 2097152 at {{.*}} by cuMemUnmap on the host:
// RACE:          #0 {{.*}} in main {{.*}}driver-vmm-unmap.c:[[#UNMAP]]
// RACE:        Previous write of size 4 by kernel kwrite(void*, unsigned long) on stream
// RACE:        Location: bytes [0, 64) of a 2097152-byte allocation at {{.*}} made by cuMemMap at:
// RACE:        Freed by cuMemUnmap at:
// RACE-NEXT:     #0 {{.*}} in main {{.*}}driver-vmm-unmap.c:[[#UNMAP]]
// RACE:      end
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      unmap line
// FIXED-NEXT: end
// FIXED-NEXT: exit=0
