// At -O0 clang's <<<>>> launch stub is a real function, and the site csan-host
// gives the launch names the stub: the issuing host stack starts at the
// stub's caller (the user's line) instead. A launch from an ordinary
// function keeps that function as the first frame.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
#include "rt_test.h"

KERNEL_STUB(kern)
static int32_t site;

static void kern_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, float *, 0), 1, 4, CSAN_ACC_WRITE, site);
}

/* What clang emits for `__global__ void kern(float *)` at -O0; csan-host
 * names the stub in the launch's site. */
__attribute__((noinline)) static void device_stub_kern(float *p, cudaStream_t s) {
  void *args[] = {&p};
  dim3 g = {1, 1, 1}, b = {1, 1, 1};
  static const csan_host_site stub_site = {"k.cu", "_Z19__device_stub__kernPf", 11, 0};
  CK(__csan_cudaLaunchKernel((const void *)kern, g, b, args, 0, s, &stub_site));
}

__attribute__((noinline)) static void helper(float *p, cudaStream_t s) {
  LAUNCH(kern, s, &p);
}

int main(void) {
  site = fake_cuda_site("k.cu", 11, 40, "_Z4kernPf", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)kern, "_Z4kernPf", FAKE_TWIN_OK, 1, kern_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  float *p;
  CK(__csan_cudaMalloc((void **)&p, 4, SITE));
  NOTE("lines %d %d", __LINE__ + 1, __LINE__ + 2);
  device_stub_kern(p, s1);
  helper(p, s2);
  CK(__csan_cudaDeviceSynchronize(SITE));
  return 0;
}

// CHECK:      lines [[#STUB_CALL:]] [[#HELPER_CALL:]]
// CHECK:        Write of size 4 at 0x{{[0-9a-f]+}} by kernel kern(float*) on stream
// CHECK:          issued at:
// CHECK-NEXT:       #0 0x{{[0-9a-f]+}} in helper {{.*}}launch-stub-stack.c:[[#]]
// CHECK-NEXT:       #1 0x{{[0-9a-f]+}} in main {{.*}}launch-stub-stack.c:[[#HELPER_CALL]]
// CHECK:        Previous write of size 4 by kernel kern(float*) on stream
// CHECK:          issued at:
// CHECK-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}launch-stub-stack.c:[[#STUB_CALL]]
// CHECK-NOT:    device_stub_kern
// CHECK:      csan: reported 1 data race(s)
