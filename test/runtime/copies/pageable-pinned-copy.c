// A synchronous host-to-device cudaMemcpy from pageable memory returns once
// the data is staged, before the copy into device memory is done: a kernel
// on a non-blocking stream issued afterwards that writes the destination
// races with the copy. From pinned memory (cudaMallocHost, or pageable memory
// pinned with cudaHostRegister) the host waits for the copy, and the same
// kernel is ordered after it. Pinned memory is known from the allocation
// registry; pageable memory is what CUDA does not know.
// RUN: %cc_rt -o %t
// RUN: %run %t pageable > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=PAGEABLE < %t.out
// RUN: %run %t pinned > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=PINNED --implicit-check-not=WARNING < %t.out
// RUN: %run %t registered > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=PINNED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(overwrite)
static int32_t site;

static void overwrite_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int pinned = argc > 1 && !strcmp(argv[1], "pinned");
  int registered = argc > 1 && !strcmp(argv[1], "registered");
  site = fake_cuda_site("ow.cu", 2, 5, "_Z9overwritePi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)overwrite, "_Z9overwritePi", FAKE_TWIN_OK, 1,
                            overwrite_body);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf, *host, pageable[4] = {1, 2, 3, 4};
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  if (pinned) {
    CK(__csan_cudaMallocHost((void **)&host, 16, SITE));
    memcpy(host, pageable, 16);
  } else {
    host = pageable;
    if (registered)
      CK(__csan_cudaHostRegister(host, sizeof pageable, cudaHostRegisterDefault, SITE));
  }
  CK(__csan_cudaMemcpy(buf, host, 16, cudaMemcpyHostToDevice, SITE));
  LAUNCH(overwrite, s, &buf);
  CK(__csan_cudaStreamSynchronize(s, SITE));
  int back[4];
  CK(__csan_cudaMemcpy(back, buf, 16, cudaMemcpyDefault, SITE));
  NOTE("data %d %d", back[0], back[3]);
  if (pinned)
    CK(__csan_cudaFreeHost(host, SITE));
  if (registered)
    CK(__csan_cudaHostUnregister(host, SITE));
  return 0;
}

// PAGEABLE:      WARNING: csan: data race (write-write) on 16 bytes
// PAGEABLE-NEXT:   Write of size 4 at 0x{{[0-9a-f]+}} by kernel overwrite(int*) on stream 0x{{[0-9a-f]+}}:
// PAGEABLE:        Previous write of size 16 by cudaMemcpy on stream legacy:
// PAGEABLE:      data 1 4
// PAGEABLE-NEXT: csan: reported 1 data race(s)
// PAGEABLE-NEXT: exit=66

// PINNED: data 1 4
// PINNED-NEXT: exit=0
