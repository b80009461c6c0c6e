// The second of three kernels on one stream faults (a device assert). The
// error surfaces at the program's next CUDA call, and after it many more
// calls (launches of other kernels, copies, allocations) fail too, but csan
// names the launch that faulted, from the progress markers its stream
// wrote (nothing was serialized), and the call that first returned the
// error. With fault_attribution=0 csan says nothing; a program that never
// checks an error gets the report at exit. A report makes the exit status
// csan's (66), as a race does.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: %run %t never-checked > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=EXIT < %t.out
// RUN: env CSAN_OPTIONS=fault_attribution=0 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OFF --implicit-check-not="csan: ERROR" < %t.out
#include "rt_test.h"

KERNEL_STUB(first)
KERNEL_STUB(second)
KERNEL_STUB(third)
KERNEL_STUB(other)

static void faults(const fake_launch *l) {
  (void)l;
  fake_cuda_fault(cudaErrorAssert);
}

#define GO(stub, s)                                                                            \
  do {                                                                                         \
    void *args_[] = {&buf};                                                                    \
    dim3 g_ = {8, 1, 1}, b_ = {64, 1, 1};                                                      \
    r = __csan_cudaLaunchKernel((const void *)(stub), g_, b_, args_, 0, (s), SITE);            \
  } while (0)

int main(int argc, char **argv) {
  int never_checked = argc > 1 && !strcmp(argv[1], "never-checked");
  fake_cuda_register_kernel((const void *)first, "_Z5firstPi", FAKE_TWIN_OK, 1, NULL);
  fake_cuda_register_kernel((const void *)second, "_Z6secondPi", FAKE_TWIN_OK, 1, faults);
  fake_cuda_register_kernel((const void *)third, "_Z5thirdPi", FAKE_TWIN_OK, 1, NULL);
  fake_cuda_register_kernel((const void *)other, "_Z5otherPi", FAKE_TWIN_OK, 1, NULL);
  int *buf, host[4];
  cudaStream_t s, t;
  cudaError_t r;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(t);
  GO(first, s);
  GO(second, s); // line 48
  NOTE("second: %d", (int)r);
  if (never_checked)
    return 0;
  GO(third, s); // line 52: the first call that sees the error
  NOTE("third: %d", (int)r);
  for (int i = 0; i < 200; i++) {
    GO(other, i % 2 ? s : t);
    __csan_cudaMemcpyAsync(host, buf, sizeof host, cudaMemcpyDeviceToHost, t, SITE);
    void *p;
    __csan_cudaMalloc(&p, 64, SITE);
  }
  NOTE("sync: %d", (int)__csan_cudaDeviceSynchronize(SITE));
  return 1;
}

// CHECK:      second: 0
// CHECK-NEXT: ==================
// CHECK-NEXT: csan: ERROR: asynchronous fault: cudaErrorAssert (device-side assert triggered)
// CHECK-NEXT:   returned by cudaLaunchKernel at {{.*}}fault-names-launch.c:52:3
// CHECK-NEXT:     #0 {{.*}} in main {{.*}}fault-names-launch.c:52
// CHECK:        The operation that may have faulted, most likely first (csan's progress markers; nothing was serialized):
// CHECK-NEXT:   #1 kernel second(int*) on stream 0x{{[0-9a-f]+}} (begun and never finished)
// CHECK-NEXT:      grid (8,1,1), block (64,1,1), 0 bytes of dynamic shared memory
// CHECK-NEXT:      launched at {{.*}}fault-names-launch.c:48:3
// CHECK-NEXT:        #0 {{.*}} in main {{.*}}fault-names-launch.c:48
// CHECK:      SUMMARY: csan: asynchronous fault cudaErrorAssert in second(int*) launched at {{.*}}fault-names-launch.c:48:3
// CHECK-NEXT: ==================
// CHECK-NEXT: third: 710
// CHECK-NOT:  csan: ERROR
// CHECK:      sync: 710
// CHECK-NOT:  csan: ERROR
// CHECK:      exit=66

// EXIT:      second: 0
// EXIT-NEXT: ==================
// EXIT-NEXT: csan: ERROR: asynchronous fault: cudaErrorAssert (device-side assert triggered)
// EXIT-NEXT:   found by csan at exit: the program never checked a CUDA call that returned it
// EXIT:        #1 kernel second(int*) on stream 0x{{[0-9a-f]+}} (begun and never finished)
// EXIT:      SUMMARY: csan: asynchronous fault cudaErrorAssert in second(int*) launched at {{.*}}fault-names-launch.c:48:3
// EXIT:      exit=66

// OFF: second: 0
// OFF: third: 710
// OFF: sync: 710
// OFF: exit=1
