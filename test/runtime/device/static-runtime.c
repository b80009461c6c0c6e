// The static runtime (libcsan_rt.a, linked with the static CUDA runtime by
// csan-clang): the same checks, the same reports, the same exit status.
// RUN: %cc_rt_static -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
#include "rt_test.h"

int main(void) {
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  char *p, host[32] = {0};
  CK(__csan_cudaMalloc((void **)&p, 32, SITE));
  CK(__csan_cudaMemcpyAsync(p, host, 32, cudaMemcpyHostToDevice, s1, SITE));
  CK(__csan_cudaMemsetAsync(p + 16, 0, 16, s2, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end");
  return 0;
}

// CHECK:      WARNING: csan: data race (write-write) on 16 bytes
// CHECK-NEXT:   Write of size 16 at 0x{{[0-9a-f]+}} by cudaMemsetAsync on stream
// CHECK:        Previous write of size 32 by cudaMemcpyAsync on stream
// CHECK:      end
// CHECK-NEXT: csan: reported 1 data race(s)
// CHECK-NEXT: exit=66
