// cudaMemcpyBatchAsync is one operation that checks every element: reads of
// each source and writes of each destination that is tracked device memory.
// Here the second element's destination overlaps a kernel's write on another
// stream (RACE) or not (APART).
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t apart > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=APART --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 2, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  site = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *d;
  CK(__csan_cudaMalloc((void **)&d, 256, SITE));
  int *target = d + (race ? 40 : 60);
  LAUNCH(fill, s1, &target);
  static int h1[16], h2[16];
  void *dsts[] = {d, d + 32};
  const void *srcs[] = {h1, h2};
  size_t sizes[] = {64, 64};
  struct cudaMemcpyAttributes attr;
  memset(&attr, 0, sizeof attr);
  attr.srcAccessOrder = cudaMemcpySrcAccessOrderStream;
  size_t idx = 0;
  unsigned long before = fake_cuda_count("csan_rk_access");
  CK(__csan_cudaMemcpyBatchAsync(dsts, srcs, sizes, 2, &attr, &idx, 1, s2, SITE));
  NOTE("range checks: %lu", fake_cuda_count("csan_rk_access") - before);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end");
  return 0;
}

// RACE:      range checks: 2
// RACE:      WARNING: csan: data race (write-write) on 8 bytes
// RACE-NEXT:   Write of size 128 at 0x{{[0-9a-f]+}} by cudaMemcpyBatchAsync on stream
// RACE:        Location: bytes [160, 168) of a 256-byte allocation
// RACE:      end
// RACE-NEXT: csan: reported 1 data race(s)

// APART: range checks: 2
// APART: end
// APART-NEXT: exit=0
