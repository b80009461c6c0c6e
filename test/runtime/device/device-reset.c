// cudaDeviceReset: races recorded before it are reported first (the reset
// frees the race table), every allocation and stream is forgotten, and csan
// sets itself up again at the next call: a race after the reset, on new
// memory, is found as well.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
#include "rt_test.h"

KERNEL_STUB(before)
KERNEL_STUB(after)
static int32_t before_site, after_site;

static void before_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_WRITE, before_site);
}

static void after_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_WRITE, after_site);
}

int main(void) {
  before_site = fake_cuda_site("k.cu", 3, 9, "_Z6beforePi", CSAN_ACC_WRITE, 4);
  after_site = fake_cuda_site("k.cu", 7, 9, "_Z5afterPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)before, "_Z6beforePi", FAKE_TWIN_OK, 1, before_body);
  fake_cuda_register_kernel((const void *)after, "_Z5afterPi", FAKE_TWIN_OK, 1, after_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *p;
  CK(__csan_cudaMalloc((void **)&p, 4, SITE));
  LAUNCH(before, s1, &p);
  LAUNCH(before, s2, &p);
  NOTE("resetting");
  CK(__csan_cudaDeviceReset(SITE));
  NOTE("reset; %lu csan modules loaded", fake_cuda_count("cuModuleLoadData"));
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  CK(__csan_cudaMalloc((void **)&p, 4, SITE));
  LAUNCH(after, s1, &p);
  LAUNCH(after, s2, &p);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end; %lu csan modules loaded", fake_cuda_count("cuModuleLoadData"));
  return 0;
}

// CHECK:      resetting
// CHECK-NEXT: ==================
// CHECK-NEXT: WARNING: csan: data race (write-write) on 4 bytes
// CHECK-NEXT:   Write of size 4 at 0x{{[0-9a-f]+}} by kernel before(int*) on stream
// CHECK:      reset; 1 csan modules loaded
// CHECK-NEXT: ==================
// CHECK-NEXT: WARNING: csan: data race (write-write) on 4 bytes
// CHECK-NEXT:   Write of size 4 at 0x{{[0-9a-f]+}} by kernel after(int*) on stream
// CHECK:      end; 2 csan modules loaded
// CHECK-NEXT: csan: reported 2 data race(s)
// CHECK-NEXT: exit=66
