// A host function reads the kernel's output copied into pinned memory.
// Enqueued on the copy's stream it runs after the copy (fixed twin); on
// another stream nothing orders it after the copy (race). The report names
// the host function's access (its line in the function, with the frames
// that called it) and where the host function was launched.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
// RUN: env CSAN_OPTIONS=report_format=json %run %not %t.race 2>&1 | FileCheck %s --check-prefix=JSON
#include "hostrace.h"

static int *res;
static void CUDART_CB consume(void *arg) {
  (void)arg;
  printf("callback sees %d\n", res[3]);
}

int main(void) {
  kernels_register();
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  int *dev;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMallocHost((void **)&res, 64));
  CK(launch(fill, s1, dev, 16));
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s1));
#ifdef FIXED
  CK(cudaLaunchHostFunc(s1, consume, NULL));
#else
  CK(cudaLaunchHostFunc(s2, consume, NULL));
#endif
  CK(cudaDeviceSynchronize());
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host function on stream
// RACE-NEXT:   #0 0x{{[0-9a-f]+}} in consume {{.*}}host-func-callback.c:[[#@LINE-24]]
// RACE:        issued at:
// RACE-NEXT:     #0 0x{{[0-9a-f]+}} in main {{.*}}host-func-callback.c:[[#@LINE-10]]
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// RACE: callback sees 4
// FIXED: callback sees 4

// The JSON report: the host function's access has its own stack.
// JSON: "access":{"kind":"read",{{.*}}"what":"host function",{{.*}}"access_stack":[{"pc":"0x{{[0-9a-f]+}}","function":"consume",{{.*}}"line":[[#@LINE-32]],
// JSON-SAME: "previous":{{.*}}"what":"cudaMemcpyAsync",{{.*}}"access_stack":[]}
