// Managed memory (cudaMallocManaged) is tracked like device memory: two
// streams' unordered kernels on it race; ordered by a device synchronization
// they do not.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  site = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *m;
  CK(__csan_cudaMallocManaged((void **)&m, 64, cudaMemAttachGlobal, SITE));
  LAUNCH(fill, s1, &m);
  if (!race)
    CK(__csan_cudaDeviceSynchronize(SITE));
  LAUNCH(fill, s2, &m);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end");
  return 0;
}

// RACE:      WARNING: csan: data race (write-write) on 4 bytes
// RACE:        Location: bytes [0, 4) of a 64-byte allocation at 0x{{[0-9a-f]+}} made by cudaMallocManaged at:
// RACE:      end
// RACE-NEXT: csan: reported 1 data race(s)

// FIXED: end
// FIXED-NEXT: exit=0
