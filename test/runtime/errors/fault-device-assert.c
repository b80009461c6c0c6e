// A device assert fails in the second of three kernels on one stream while
// another stream's long kernel is still running. The instrumented kernel
// recorded the assert (its launch, file and line) in host-mapped memory
// before the assert stopped the context, so csan names that launch first,
// "recorded by the device", with the assert's line; the long kernel, also
// begun and never finished, comes second. Without the twin (the launch ran
// unchecked) only the progress markers speak: the most recently issued
// running launch first, no device line.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: %run %t plain > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=PLAIN < %t.out
#include "rt_test.h"

KERNEL_STUB(longrun)
KERNEL_STUB(first)
KERNEL_STUB(second)
KERNEL_STUB(third)

static void hangs(const fake_launch *l) { fake_cuda_stream_hang(l->stream); }
static void asserts(const fake_launch *l) {
  fake_cuda_device_assert(l, "/src/app/kernels.cu", 27, "second");
}

#define GO(stub, s)                                                                            \
  do {                                                                                         \
    void *args_[] = {&buf};                                                                    \
    dim3 g_ = {1, 1, 1}, b_ = {64, 1, 1};                                                      \
    (void)__csan_cudaLaunchKernel((const void *)(stub), g_, b_, args_, 0, (s), SITE);          \
  } while (0)

int main(int argc, char **argv) {
  int plain = argc > 1 && !strcmp(argv[1], "plain");
  fake_cuda_register_kernel((const void *)longrun, "_Z7longrunPi", FAKE_TWIN_OK, 1, hangs);
  fake_cuda_register_kernel((const void *)first, "_Z5firstPi", FAKE_TWIN_OK, 1, NULL);
  fake_cuda_register_kernel((const void *)second, "_Z6secondPi",
                            plain ? FAKE_TWIN_NONE : FAKE_TWIN_OK, 1, asserts);
  fake_cuda_register_kernel((const void *)third, "_Z5thirdPi", FAKE_TWIN_OK, 1, NULL);
  int *buf;
  cudaStream_t a, b;
  CK(__csan_cudaMalloc((void **)&buf, 256, SITE));
  NONBLOCKING_STREAM(a);
  NONBLOCKING_STREAM(b);
  GO(longrun, a); // line 45
  GO(first, b);
  GO(second, b); // line 47
  GO(third, b); // line 48: the first call after the assert returns it
  NOTE("sync: %d", (int)__csan_cudaStreamSynchronize(b, SITE));
  return 0;
}

// CHECK:      csan: ERROR: asynchronous fault: cudaErrorAssert (device-side assert triggered)
// CHECK-NEXT:   returned by cudaLaunchKernel at {{.*}}fault-device-assert.c:48:3
// CHECK:        #1 kernel second(int*) on stream 0x{{[0-9a-f]+}} (the device recorded the fault in it)
// CHECK-NEXT:      grid (1,1,1), block (64,1,1), 0 bytes of dynamic shared memory
// CHECK-NEXT:      device line /src/app/kernels.cu:27
// CHECK-NEXT:      launched at {{.*}}fault-device-assert.c:47:3
// CHECK:        #2 kernel longrun(int*) on stream 0x{{[0-9a-f]+}} (begun and never finished)
// CHECK-NOT:    kernel first
// CHECK:      SUMMARY: csan: asynchronous fault cudaErrorAssert in second(int*) launched at {{.*}}fault-device-assert.c:47:3
// CHECK:      exit=66

// PLAIN:      csan: ERROR: asynchronous fault: cudaErrorAssert
// PLAIN:        #1 kernel {{.*}} (begun and never finished)
// PLAIN-NOT:    device line
// PLAIN:      exit=66
