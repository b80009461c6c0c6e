// A fault in work that is no launch (here the copy itself faults) finds
// every launch csan issued finished: the report lists no candidate and says
// the fault is outside csan's launches, rather than blaming a launch.
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
  int *buf, host[4];
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  LAUNCH(fine, s, &buf);
  LAUNCH(fine, s, &buf);
  fake_cuda_set_hook("cudaMemcpyAsync", fault_now, NULL);
  cudaError_t r = __csan_cudaMemcpyAsync(host, buf, sizeof host, cudaMemcpyDeviceToHost, s, SITE);
  NOTE("copy: %d", (int)r);
  return 0;
}

// CHECK:      csan: ERROR: asynchronous fault: cudaErrorIllegalAddress
// CHECK-NEXT:   returned by cudaMemcpyAsync at {{.*}}fault-outside-launches.c:25:3
// CHECK:        No launch csan issued was running or unfinished: the fault is in other work (a copy, a library call, a graph, a launch csan did not see)
// CHECK-NOT:    kernel fine
// CHECK:      SUMMARY: csan: asynchronous fault cudaErrorIllegalAddress{{$}}
// CHECK-NEXT: ==================
// CHECK-NEXT: copy: 700
// CHECK-NEXT: exit=66
