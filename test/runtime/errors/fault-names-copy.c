// Asynchronous copies and sets carry progress markers like launches: a set
// that faults (its stream reached it; it never finished) is named with its
// API, length and line, and the kernel before it on the stream, which
// finished, is not. The error surfaces at a later call.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
#include "rt_test.h"

KERNEL_STUB(fine)

static void fault_now(void *arg) {
  (void)arg;
  fake_cuda_fault(cudaErrorIllegalAddress);
}

int main(void) {
  fake_cuda_register_kernel((const void *)fine, "_Z4finePi", FAKE_TWIN_OK, 1, NULL);
  int *buf;
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  CK(__csan_cudaMalloc((void **)&buf, 4096, SITE));
  LAUNCH(fine, s, &buf);
  fake_cuda_set_hook("cudaMemsetAsync", fault_now, NULL); /* the set faults as it runs */
  cudaError_t r = __csan_cudaMemsetAsync(buf, 0, 4096, s, SITE); // line 25
  NOTE("set: %d", (int)r);
  return 0;
}

// CHECK:      csan: ERROR: asynchronous fault: cudaErrorIllegalAddress
// CHECK-NEXT:   returned by cudaMemsetAsync at {{.*}}fault-names-copy.c:25:3
// CHECK:        The operation that may have faulted, most likely first
// CHECK-NEXT:   #1 cudaMemsetAsync of 4096 bytes on stream 0x{{[0-9a-f]+}} (begun and never finished)
// CHECK-NEXT:      called at {{.*}}fault-names-copy.c:25:3
// CHECK-NOT:    kernel fine
// CHECK:      SUMMARY: csan: asynchronous fault cudaErrorIllegalAddress in cudaMemsetAsync called at {{.*}}fault-names-copy.c:25:3
// CHECK:      set: 700
// CHECK-NEXT: exit=66
