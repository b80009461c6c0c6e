// cudaLaunchHostFunc and cudaStreamAddCallback are operations of their
// stream: they run (the calls pass through), they take operation numbers,
// and they order nothing by themselves: work on another stream is still
// unordered with the stream's earlier kernel.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t site;
static int ran;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_WRITE, site);
}

static void host_fn(void *data) {
  ran += *(int *)data;
}

static void callback(cudaStream_t s, cudaError_t e, void *data) {
  (void)s;
  if (e == cudaSuccess)
    ran += *(int *)data;
}

int main(void) {
  site = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *p, one = 1, ten = 10;
  CK(__csan_cudaMalloc((void **)&p, 4, SITE));
  LAUNCH(fill, s1, &p);                                    /* operation #1 */
  CK(__csan_cudaLaunchHostFunc(s1, host_fn, &one, SITE));  /* #2 */
  CK(__csan_cudaStreamAddCallback(s1, callback, &ten, 0, SITE)); /* #3 */
  CK(__csan_cudaMemsetAsync(p, 0, 4, s2, SITE));           /* #4 */
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("host functions ran: %d", ran);
  return 0;
}

// CHECK:      WARNING: csan: data race (write-write) on 4 bytes
// CHECK-NEXT:   Write of size 4 at 0x{{[0-9a-f]+}} by cudaMemsetAsync on stream 0x{{[0-9a-f]+}}:
// CHECK-NEXT:     operation #4 on slot 2
// CHECK:        Previous write of size 4 by kernel fill(int*) on stream 0x{{[0-9a-f]+}}:
// CHECK-NEXT:     #0 fill(int*) fill.cu:3:9
// CHECK-NEXT:     operation #1 on slot 1
// CHECK:      host functions ran: 11
// CHECK-NEXT: csan: reported 1 data race(s)
