// cudaFree of ordinary memory orders the work before it before the work
// after it by default (it synchronizes the device on today's drivers);
// with CSAN_OPTIONS=documented_sync_only=1 it orders nothing, and the race
// it hid is reported with a note naming the free's line.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=DEFAULT < %t.out
// RUN: env CSAN_OPTIONS=documented_sync_only=1 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=STRICT < %t.out
#include "rw_kernels.h"

int main(void) {
  rw_kernels_register();
  cudaStream_t a, b;
  NONBLOCKING_STREAM(a);
  NONBLOCKING_STREAM(b);
  int *buf, *tmp;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  CK(__csan_cudaMalloc((void **)&tmp, 16, SITE));
  LAUNCH(write4, a, &buf);
  int free_line = __LINE__ + 1;
  CK(__csan_cudaFree(tmp, SITE));
  LAUNCH(read4, b, &buf);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("free at line %d", free_line);
  return 0;
}

// DEFAULT-NOT: WARNING: csan
// DEFAULT:     free at line
// DEFAULT-NEXT: exit=0

// STRICT:      WARNING: csan: data race (write-read) on 16 bytes
// STRICT:        Read of size 4 at {{.*}} by kernel read4(int*)
// STRICT:        Previous write of size 4 by kernel write4(int*)
// STRICT:        Note: only cudaFree at {{.*}}free-undocumented-sync.c:[[#LINE:]] orders these operations, if it synchronized the device: CUDA says it may, not that it does (CSAN_OPTIONS=documented_sync_only=1)
// STRICT:      free at line [[#LINE]]
// STRICT:      exit=66
