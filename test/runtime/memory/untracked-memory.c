// Device memory csan did not see allocated (here: taken straight from the
// CUDA runtime, as a library built without csan would) has no shadow: racing
// kernels on it are not reported, its copies launch no range check, and
// nothing crashes. The same kernels on memory from the wrapper are reported.
// RUN: %cc_rt -o %t
// RUN: %run %t untracked > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=UNTRACKED --implicit-check-not=WARNING < %t.out
// RUN: %run %t tracked > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=TRACKED < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int tracked = argc > 1 && !strcmp(argv[1], "tracked");
  site = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *buf, host[4] = {0};
  if (tracked)
    CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  else
    CK(cudaMalloc((void **)&buf, 16));
  LAUNCH(fill, s1, &buf);
  LAUNCH(fill, s2, &buf);
  unsigned long before = fake_cuda_count("csan_rk_access");
  CK(__csan_cudaMemcpyAsync(buf, host, 16, cudaMemcpyHostToDevice, s1, SITE));
  NOTE("range checks: %lu", fake_cuda_count("csan_rk_access") - before);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// UNTRACKED: range checks: 0
// UNTRACKED-NEXT: done
// UNTRACKED-NEXT: exit=0

// TRACKED: range checks: 1
// TRACKED: WARNING: csan: data race (write-write) on 16 bytes
// TRACKED: done
// TRACKED: exit=66
