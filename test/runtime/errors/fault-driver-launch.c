// A kernel the program launches with the driver API (cuLaunchKernel) gets
// the same progress markers as a runtime launch: when it faults, the report
// at the next call (here cuCtxSynchronize) names it, and the launch before it
// on the same stream, which finished, is not a candidate.
// RUN: %cc_rt -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
#include "lib_test.h"

KERNEL_STUB(kbad)

static void faults(const fake_launch *l) {
  (void)l;
  fake_cuda_fault(cudaErrorMisalignedAddress);
}

int main(void) {
  lib_kernels_register();
  fake_cuda_register_kernel((const void *)kbad, "_Z4kbadPvm", FAKE_TWIN_OK, 2, faults);
  CUstream s;
  LK(__csan_cuStreamCreate(&s, CU_STREAM_NON_BLOCKING, SITE));
  CUdeviceptr buf;
  LK(__csan_cuMemAlloc_v2(&buf, 64, SITE));
  CUfunction good, bad;
  CK(cudaGetFuncBySymbol((cudaFunction_t *)&good, (const void *)kwrite));
  CK(cudaGetFuncBySymbol((cudaFunction_t *)&bad, (const void *)kbad));
  size_t n = 16;
  void *args[] = {&buf, &n};
  LK(__csan_cuLaunchKernel(good, 1, 1, 1, 32, 1, 1, 0, s, args, NULL, SITE));
  LK(__csan_cuLaunchKernel(bad, 2, 1, 1, 64, 1, 1, 128, s, args, NULL, SITE));
  NOTE("sync: %d", (int)__csan_cuCtxSynchronize(SITE));
  return 0;
}

// CHECK:      csan: ERROR: asynchronous fault: cudaErrorMisalignedAddress
// CHECK-NEXT:   returned by cuCtxSynchronize at {{.*}}fault-driver-launch.c:31:3
// CHECK:        The operation that may have faulted, most likely first
// CHECK-NEXT:   #1 kernel kbad(void*, unsigned long) on stream 0x{{[0-9a-f]+}} (begun and never finished)
// CHECK-NEXT:      grid (2,1,1), block (64,1,1), 128 bytes of dynamic shared memory
// CHECK-NEXT:      launched at {{.*}}fault-driver-launch.c:30:3
// CHECK-NOT:  #2
// CHECK:      SUMMARY: csan: asynchronous fault cudaErrorMisalignedAddress in kbad(void*, unsigned long)
// CHECK:      sync: 716
// CHECK-NEXT: exit=66
