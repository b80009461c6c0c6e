// cudaMemcpy_ptds (synchronous copies under per-thread default streams) is
// an operation of the calling thread's per-thread stream: it is ordered
// after the thread's earlier launch there, and not after another stream's.
// RUN: %cc_rt -o %t
// RUN: %run %t same > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SAME --implicit-check-not=WARNING < %t.out
// RUN: %run %t other > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OTHER < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int same = argc > 1 && !strcmp(argv[1], "same");
  site = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  cudaStream_t other;
  NONBLOCKING_STREAM(other);
  int *p, host[4];
  CK(__csan_cudaMalloc((void **)&p, 16, SITE));
  void *args[] = {&p};
  dim3 g = {1, 1, 1}, b = {4, 1, 1};
  CK(__csan_cudaLaunchKernel_ptsz((const void *)fill, g, b, args, 0, same ? NULL : other, SITE));
  CK(__csan_cudaMemcpy_ptds(host, p, 16, cudaMemcpyDeviceToHost, SITE));
  NOTE("end");
  return 0;
}

// SAME: end
// SAME-NEXT: exit=0

// OTHER:      WARNING: csan: data race (write-read) on 16 bytes
// OTHER-NEXT:   Read of size 16 at 0x{{[0-9a-f]+}} by cudaMemcpy on stream per-thread:
// OTHER:        Previous write of size 4 by kernel fill(int*) on stream 0x{{[0-9a-f]+}}:
// OTHER:      end
// OTHER-NEXT: csan: reported 1 data race(s)
