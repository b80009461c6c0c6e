// At -O0 (or when a kernel is launched from several places) clang's <<<>>>
// launch stub is a real function, and the site csan-host gives the launch
// is the stub's: the kernel's declaration line. A memory-error report's
// "launched at" and its fault report's then name the user's line, the first
// frame of the launch's stack, as the stack below them does, not the stub.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
#include "rt_test.h"

KERNEL_STUB(scale)

static float host_data[64];

/* What clang emits for `__global__ void scale(float *)` at -O0; csan-host
 * names the stub in the launch's site. */
__attribute__((noinline)) static void device_stub_scale(float *p) {
  void *args[] = {&p};
  dim3 g = {1, 1, 1}, b = {64, 1, 1};
  static const csan_host_site stub_site = {"scale.cu", "_Z20__device_stub__scalePf", 2, 40};
  CK(__csan_cudaLaunchKernel((const void *)scale, g, b, args, 0, 0, &stub_site));
}

int main(void) {
  fake_cuda_register_kernel((const void *)scale, "_Z5scalePf", FAKE_TWIN_OK, 1, NULL);
  int32_t st = fake_cuda_site("scale.cu", 3, 8, "_Z5scalePf", CSAN_ACC_WRITE, 4);
  float *p = host_data;
  NOTE("line %d", __LINE__ + 1);
  device_stub_scale(p);
  const fake_launch *l = fake_cuda_last_launch();
  for (unsigned i = 0; i < 64; i++)
    *(float *)fake_cuda_access_use(l, &p[i], 4, CSAN_ACC_WRITE, st) = 2.0f;
  CK(__csan_cudaDeviceSynchronize(SITE));
  return 0;
}

// CHECK:      line [[#CALL:]]
// CHECK:      csan: ERROR: not device memory: write of 4 bytes at 0x{{[0-9a-f]+}} by kernel scale(float*) at scale.cu:3
// CHECK-NEXT:   block (0,0,0), thread (0,0,0)
// CHECK-NEXT:   launched at {{.*}}memerr-stub-launch-site.c:[[#CALL]]:{{[0-9]+}}
// CHECK-NEXT:     #0 0x{{[0-9a-f]+}} in main {{.*}}memerr-stub-launch-site.c:[[#CALL]]
// CHECK-NOT:  scale.cu:2
// CHECK:      exit=66
