// Two streams have work in flight when a fault surfaces: a long kernel on
// one (it never finishes) and, on the other, a kernel that faults after one
// that finished. Both launches are candidates, the most recently issued
// first; the finished one and the ones never begun are not. In JSON the
// report is one object with the call and the candidates in the same order.
// A third stream whose work all finished adds nothing.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: env CSAN_OPTIONS=report_format=json %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=JSON < %t.out
#include "rt_test.h"

KERNEL_STUB(longrun)
KERNEL_STUB(ok)
KERNEL_STUB(bad)
KERNEL_STUB(later)

static void hangs(const fake_launch *l) { fake_cuda_stream_hang(l->stream); }
static void faults(const fake_launch *l) {
  (void)l;
  fake_cuda_fault(cudaErrorIllegalAddress);
}

#define GO(stub, s)                                                                            \
  do {                                                                                         \
    void *args_[] = {&buf};                                                                    \
    dim3 g_ = {2, 1, 1}, b_ = {32, 1, 1};                                                      \
    r = __csan_cudaLaunchKernel((const void *)(stub), g_, b_, args_, 0, (s), SITE);            \
  } while (0)

int main(void) {
  fake_cuda_register_kernel((const void *)longrun, "_Z7longrunPi", FAKE_TWIN_OK, 1, hangs);
  fake_cuda_register_kernel((const void *)ok, "_Z2okPi", FAKE_TWIN_OK, 1, NULL);
  fake_cuda_register_kernel((const void *)bad, "_Z3badPi", FAKE_TWIN_OK, 1, faults);
  fake_cuda_register_kernel((const void *)later, "_Z5laterPi", FAKE_TWIN_OK, 1, NULL);
  int *buf;
  cudaStream_t a, b, c;
  cudaError_t r;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  NONBLOCKING_STREAM(a);
  NONBLOCKING_STREAM(b);
  NONBLOCKING_STREAM(c);
  GO(ok, c);
  GO(longrun, a); // line 45
  GO(later, a);   // queued behind the long kernel: never begun
  GO(ok, b);
  GO(bad, b); // line 48
  NOTE("launched: %d", (int)r);
  NOTE("sync: %d", (int)__csan_cudaStreamSynchronize(b, SITE)); // line 50
  return 0;
}

// CHECK:      launched: 0
// CHECK-NEXT: ==================
// CHECK-NEXT: csan: ERROR: asynchronous fault: cudaErrorIllegalAddress (an illegal memory access was encountered)
// CHECK-NEXT:   returned by cudaStreamSynchronize at {{.*}}fault-two-streams.c:50:3
// CHECK:        The operations that may have faulted, most likely first (csan's progress markers; nothing was serialized):
// CHECK-NEXT:   #1 kernel bad(int*) on stream 0x{{[0-9a-f]+}} (begun and never finished)
// CHECK:           launched at {{.*}}fault-two-streams.c:48:3
// CHECK:        #2 kernel longrun(int*) on stream 0x{{[0-9a-f]+}} (begun and never finished)
// CHECK:           launched at {{.*}}fault-two-streams.c:45:3
// CHECK-NOT:    #3
// CHECK:      SUMMARY: csan: asynchronous fault cudaErrorIllegalAddress in bad(int*) launched at {{.*}}fault-two-streams.c:48:3
// CHECK-NEXT: ==================
// CHECK-NEXT: sync: 700

// JSON:      launched: 0
// JSON-NEXT: {"type":"fault","error":700,"error_name":"cudaErrorIllegalAddress","error_text":"an illegal memory access was encountered","api":"cudaStreamSynchronize","file":"{{.*}}fault-two-streams.c","line":50,"stack":[{{.*}}],"markers":true,"candidates":[{"why":"running","slot":{{[0-9]+}},"seq":2,"kernel":"bad(int*)","api":null,"bytes":0,"stream":"0x{{[0-9a-f]+}}","grid":[2,1,1],"block":[32,1,1],"shared_mem":0,"file":"{{.*}}fault-two-streams.c","line":48,"stack":[{{.*}}]},{"why":"running","slot":{{[0-9]+}},"seq":1,"kernel":"longrun(int*)",{{.*}}"line":45,{{.*}}}]}
// JSON-NEXT: sync: 700
