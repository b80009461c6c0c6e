// The fault report names the call that first returned the sticky error,
// whichever it is: a free, an allocation, a copy, a stream-ordered free, a
// read of the last error, an event synchronization. Each run faults in the
// same launch and names it.
// RUN: %cc_rt -o %t
// RUN: %run %t cudaFree > %t.cudaFree 2>&1; echo "exit=$?" >> %t.cudaFree
// RUN: FileCheck %s -DAPI=cudaFree < %t.cudaFree
// RUN: %run %t cudaMalloc > %t.cudaMalloc 2>&1; echo "exit=$?" >> %t.cudaMalloc
// RUN: FileCheck %s -DAPI=cudaMalloc < %t.cudaMalloc
// RUN: %run %t cudaMemcpy > %t.cudaMemcpy 2>&1; echo "exit=$?" >> %t.cudaMemcpy
// RUN: FileCheck %s -DAPI=cudaMemcpy < %t.cudaMemcpy
// RUN: %run %t cudaFreeAsync > %t.cudaFreeAsync 2>&1; echo "exit=$?" >> %t.cudaFreeAsync
// RUN: FileCheck %s -DAPI=cudaFreeAsync < %t.cudaFreeAsync
// RUN: %run %t cudaGetLastError > %t.cudaGetLastError 2>&1; echo "exit=$?" >> %t.cudaGetLastError
// RUN: FileCheck %s -DAPI=cudaGetLastError < %t.cudaGetLastError
// RUN: %run %t cudaPeekAtLastError > %t.cudaPeekAtLastError 2>&1; echo "exit=$?" >> %t.cudaPeekAtLastError
// RUN: FileCheck %s -DAPI=cudaPeekAtLastError < %t.cudaPeekAtLastError
// RUN: %run %t cudaEventSynchronize > %t.cudaEventSynchronize 2>&1; echo "exit=$?" >> %t.cudaEventSynchronize
// RUN: FileCheck %s -DAPI=cudaEventSynchronize < %t.cudaEventSynchronize
#include "rt_test.h"

KERNEL_STUB(wild)

static void faults(const fake_launch *l) {
  (void)l;
  fake_cuda_fault(cudaErrorIllegalAddress);
}

int main(int argc, char **argv) {
  const char *api = argc > 1 ? argv[1] : "";
  fake_cuda_register_kernel((const void *)wild, "_Z4wildPi", FAKE_TWIN_OK, 1, faults);
  int *buf, host[4];
  cudaEvent_t ev;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  CK(__csan_cudaEventCreate(&ev, SITE));
  CK(__csan_cudaEventRecord(ev, 0, SITE));
  LAUNCH(wild, 0, &buf);
  cudaError_t r = cudaSuccess;
  void *p;
  if (!strcmp(api, "cudaFree"))
    r = __csan_cudaFree(buf, SITE);
  else if (!strcmp(api, "cudaMalloc"))
    r = __csan_cudaMalloc(&p, 64, SITE);
  else if (!strcmp(api, "cudaMemcpy"))
    r = __csan_cudaMemcpy(host, buf, sizeof host, cudaMemcpyDeviceToHost, SITE);
  else if (!strcmp(api, "cudaFreeAsync"))
    r = __csan_cudaFreeAsync(buf, 0, SITE);
  else if (!strcmp(api, "cudaGetLastError"))
    r = __csan_cudaGetLastError(SITE);
  else if (!strcmp(api, "cudaPeekAtLastError"))
    r = __csan_cudaPeekAtLastError(SITE);
  else if (!strcmp(api, "cudaEventSynchronize"))
    r = __csan_cudaEventSynchronize(ev, SITE);
  NOTE("%s: %d", api, (int)r);
  return 0;
}

// CHECK:      csan: ERROR: asynchronous fault: cudaErrorIllegalAddress (an illegal memory access was encountered)
// CHECK-NEXT:   returned by [[API]] at {{.*}}fault-returned-by.c:{{[0-9]+}}:3
// CHECK:        #1 kernel wild(int*) on stream 0x{{[0-9a-f]+}} (begun and never finished)
// CHECK:      SUMMARY: csan: asynchronous fault cudaErrorIllegalAddress in wild(int*) launched at {{.*}}fault-returned-by.c:{{[0-9]+}}:3
// CHECK-NEXT: ==================
// CHECK-NEXT: [[API]]: 700
// CHECK-NOT:  csan: ERROR
// CHECK:      exit=66
