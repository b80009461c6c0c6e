// A copy or memset into a block that was freed is a use-after-free, like a
// kernel's access: the block stays in the allocation quarantine and its
// shadow holds the FREE markers. Into a live block, nothing is reported.
// RUN: %cc_rt -o %t
// RUN: %run %t freed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FREED < %t.out
// RUN: %run %t live > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=LIVE --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

int main(int argc, char **argv) {
  int freed = argc > 1 && !strcmp(argv[1], "freed");
  char *p, host[32] = {0};
  CK(__csan_cudaMalloc((void **)&p, 32, SITE));
  if (freed)
    CK(__csan_cudaFree(p, SITE));
  __csan_cudaMemcpy(p + 8, host, 8, cudaMemcpyHostToDevice, SITE);
  NOTE("end");
  return 0;
}

// A pageable host-to-device copy returns before it is done: the report comes
// when the host has waited for it, at exit here.
// FREED:      end
// FREED-NEXT: ==================
// FREED-NEXT: WARNING: csan: data race (use-after-free) on 8 bytes
// FREED-NEXT:   Write of size 8 at 0x{{[0-9a-f]+}} by cudaMemcpy on stream legacy:
// FREED:        Previous free of size 32 by cudaFree on the host:
// FREED:        Location: bytes [8, 16) of a 32-byte allocation at 0x{{[0-9a-f]+}} made by cudaMalloc at:
// FREED:        Freed by cudaFree at:
// FREED:      csan: reported 1 data race(s)

// LIVE: end
// LIVE-NEXT: exit=0
