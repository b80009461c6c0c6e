// cudaFree of memory from cudaMallocAsync does not synchronize the device:
// a kernel that used the memory and that the host has not waited for is not
// ordered before the free, and the free is reported against it (and against
// the allocation itself, which the host has not waited for either). Waiting
// for the stream first orders both.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(use)
static int32_t site;

static void use_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_READ, site);
}

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  site = fake_cuda_site("use.cu", 9, 11, "_Z3usePi", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)use, "_Z3usePi", FAKE_TWIN_OK, 1, use_body);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *p;
  CK(__csan_cudaMallocAsync((void **)&p, 32, s, SITE));
  LAUNCH(use, s, &p);
  if (!race)
    CK(__csan_cudaStreamSynchronize(s, SITE));
  CK(__csan_cudaFree(p, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE-DAG:   Free of size 32 at 0x{{[0-9a-f]+}} by cudaFree on the host:
// RACE-DAG:   Previous read of size 4 by kernel use(int*) on stream 0x{{[0-9a-f]+}}:
// RACE-DAG:   Previous allocation of size 32 by cudaMallocAsync on stream 0x{{[0-9a-f]+}}:
// RACE-DAG:   Location: bytes [0, 4) of a 32-byte allocation at 0x{{[0-9a-f]+}} made by cudaMallocAsync at:
// RACE-DAG:   Location: bytes [0, 32) of a 32-byte allocation at 0x{{[0-9a-f]+}} made by cudaMallocAsync at:
// RACE:      done
// RACE-NEXT: csan: reported 2 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
