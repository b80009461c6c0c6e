// cudaMemcpyPeer is serialized with all earlier work of the device, also on
// non-blocking streams: a kernel still unobserved on such a stream is
// ordered before the copy. cudaMemcpyPeerAsync is an ordinary operation of
// its stream and races with the kernel. Both copy device to device: the
// source is read, the destination written.
// RUN: %cc_rt -o %t
// RUN: %run %t sync > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=SYNC --implicit-check-not=WARNING < %t.out
// RUN: %run %t async > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ASYNC < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int sync = argc > 1 && !strcmp(argv[1], "sync");
  site = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *src, *dst;
  CK(__csan_cudaMalloc((void **)&src, 16, SITE));
  CK(__csan_cudaMalloc((void **)&dst, 16, SITE));
  LAUNCH(fill, s1, &src);
  if (sync)
    CK(__csan_cudaMemcpyPeer(dst, 0, src, 0, 16, SITE));
  else
    CK(__csan_cudaMemcpyPeerAsync(dst, 0, src, 0, 16, s2, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end");
  return 0;
}

// SYNC: end
// SYNC-NEXT: exit=0

// ASYNC:      WARNING: csan: data race (write-read) on 16 bytes
// ASYNC-NEXT:   Read of size 16 at 0x{{[0-9a-f]+}} by cudaMemcpyPeerAsync on stream
// ASYNC:        Previous write of size 4 by kernel fill(int*) on stream
// ASYNC:      end
// ASYNC-NEXT: csan: reported 1 data race(s)
