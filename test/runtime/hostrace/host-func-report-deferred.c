// A race found inside a host function is reported at the next
// synchronization the host observes, not inside the function: CUDA forbids
// CUDA calls in a host function, and a report reads the kernels' site
// descriptors from the device (on the second GPU run such a report lacked
// the kernel's line and size). The access is still named by its own line
// inside the function. The fixed twin orders the host function after the
// kernel (same stream): no report.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

static int *res;
static void CUDART_CB consume(void *arg) {
  (void)arg;
  int v = res[3];
  fprintf(stderr, "callback read %d\n", v);
}

int main(void) {
  kernels_register();
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  CK(cudaHostAlloc((void **)&res, 64, cudaHostAllocMapped));
  CK(launch(fill, s1, res, 16));
#ifdef FIXED
  CK(cudaLaunchHostFunc(s1, consume, NULL));
#else
  CK(cudaLaunchHostFunc(s2, consume, NULL));
#endif
  fprintf(stderr, "launched\n");
  CK(cudaDeviceSynchronize());
  fprintf(stderr, "synchronized\n");
  return 0;
}

// RACE:      callback read 4
// RACE-NEXT: launched
// RACE-NEXT: ==================
// RACE-NEXT: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT:   Read of size 4 at 0x{{[0-9a-f]+}} by host function on stream
// RACE-NEXT:     #0 0x{{[0-9a-f]+}} in consume {{.*}}host-func-report-deferred.c:[[#@LINE-27]]
// RACE:        Previous write of size 4 by kernel fill(int*, int) on stream
// RACE-NEXT:     #0 fill(int*, int) k.cu:10:5
// RACE:      synchronized

// FIXED:      callback read 4
// FIXED-NEXT: launched
// FIXED-NEXT: synchronized
