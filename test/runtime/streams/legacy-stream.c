// The legacy default stream and other streams: a kernel on the legacy stream
// is ordered before later work of a blocking stream (cudaStreamCreate), but
// not before a non-blocking stream's (cudaStreamNonBlocking), where the
// write-write race is reported with the legacy stream named `legacy`.
// RUN: %cc_rt -o %t
// RUN: %run %t blocking > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BLOCKING --implicit-check-not=WARNING < %t.out
// RUN: %run %t nonblocking > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=NONBLOCKING < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t fill_site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, fill_site);
}

int main(int argc, char **argv) {
  int blocking = argc > 1 && !strcmp(argv[1], "blocking");
  fill_site = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  cudaStream_t s;
  if (blocking)
    CK(__csan_cudaStreamCreate(&s, SITE));
  else
    NONBLOCKING_STREAM(s);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  LAUNCH(fill, 0, &buf);
  LAUNCH(fill, s, &buf);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// BLOCKING: done
// BLOCKING-NEXT: exit=0

// NONBLOCKING:      WARNING: csan: data race (write-write) on 16 bytes
// NONBLOCKING-NEXT:   Write of size 4 at 0x{{[0-9a-f]+}} by kernel fill(int*) on stream 0x{{[0-9a-f]+}}:
// NONBLOCKING:        Previous write of size 4 by kernel fill(int*) on stream legacy:
// NONBLOCKING:      done
// NONBLOCKING-NEXT: csan: reported 1 data race(s)
// NONBLOCKING-NEXT: exit=66
