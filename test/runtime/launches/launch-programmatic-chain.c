// Programmatic dependent launch, a chain: primary writes buf; mid is
// launched programmatically after it and touches only its own buffer; last
// is launched programmatically after mid and reads buf before its
// cudaGridDependencySynchronize(). mid may begin before primary ends and
// last before mid ends, so last's read may overlap primary's write: a race
// although primary is two kernels back (CHAIN). The fixed twin launches mid
// without the attribute: it begins after primary ends, and last (which may
// overlap mid only) reads what primary wrote, ordered (FULL). A read after
// the wait is ordered in both (no report of it in either).
// RUN: %cc_rt -o %t
// RUN: %run %t chain > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=CHAIN < %t.out
// RUN: %run %t full > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FULL --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

#include <stdbool.h>

KERNEL_STUB(primary)
KERNEL_STUB(mid)
KERNEL_STUB(last)
static int32_t wsite, msite, pre_site, post_site;

static void primary_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, wsite);
}

static void mid_body(const fake_launch *l) {
  for (unsigned i = 0; i < 4; i++)
    fake_cuda_access_after_wait(l, ARG(l, int *, 1) + i, 4, CSAN_ACC_WRITE, msite);
}

static void last_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_READ, pre_site); /* before the wait */
  for (unsigned i = 0; i < 4; i++)
    fake_cuda_access_after_wait(l, ARG(l, int *, 0) + i, 4, CSAN_ACC_READ, post_site);
}

static void launch_ex(const void *k, cudaStream_t s, int **buf, int **own, bool programmatic) {
  cudaLaunchAttribute a;
  memset(&a, 0, sizeof a);
  a.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  a.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.gridDim = (dim3){1, 1, 1};
  cfg.blockDim = (dim3){32, 1, 1};
  cfg.stream = s;
  cfg.attrs = programmatic ? &a : NULL;
  cfg.numAttrs = programmatic ? 1 : 0;
  void *args[] = {buf, own};
  CK(__csan_cudaLaunchKernelExC(&cfg, k, args, SITE));
}

int main(int argc, char **argv) {
  bool chain = argc > 1 && !strcmp(argv[1], "chain");
  wsite = fake_cuda_site("p.cu", 3, 5, "_Z7primaryPiS_", CSAN_ACC_WRITE, 4);
  msite = fake_cuda_site("m.cu", 5, 5, "_Z3midPiS_", CSAN_ACC_WRITE, 4);
  pre_site = fake_cuda_site("l.cu", 7, 5, "_Z4lastPiS_", CSAN_ACC_READ, 4);
  post_site = fake_cuda_site("l.cu", 9, 5, "_Z4lastPiS_", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)primary, "_Z7primaryPiS_", FAKE_TWIN_OK, 2,
                            primary_body);
  fake_cuda_register_kernel((const void *)mid, "_Z3midPiS_", FAKE_TWIN_PDL, 2, mid_body);
  fake_cuda_register_kernel((const void *)last, "_Z4lastPiS_", FAKE_TWIN_PDL, 2, last_body);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf, *own;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  CK(__csan_cudaMalloc((void **)&own, 16, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  launch_ex((const void *)primary, s, &buf, &own, false);
  launch_ex((const void *)mid, s, &buf, &own, chain);
  launch_ex((const void *)last, s, &buf, &own, true);
  CK(__csan_cudaDeviceSynchronize(SITE));
  return 0;
}

// CHAIN:      WARNING: csan: data race (write-read) on 16 bytes
// CHAIN-NEXT:   Read of size 4 at 0x{{[0-9a-f]+}} by kernel last(int*, int*) on stream
// CHAIN-NEXT:     #0 last(int*, int*) l.cu:7:5
// CHAIN:        Previous write of size 4 by kernel primary(int*, int*) on stream
// CHAIN-NOT:  WARNING
// CHAIN:      csan: reported 1 data race(s)
// CHAIN-NEXT: exit=66

// FULL: exit=0
