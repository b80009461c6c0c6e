// report_format=json: a host access race is one JSON object like any
// other; its access side is the host thread on slot 255 with the host
// stack of the read, and the allocation is the pinned buffer.
// RUN: %cc_host %s -o %t
// RUN: env CSAN_OPTIONS=report_format=json %run %not %t 2>&1 | FileCheck %s
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev, *res;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMallocHost((void **)&res, 64));
  CK(launch(fill, s, dev, 16));
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s));
  printf("res[1] %d\n", res[1]);
  CK(cudaStreamSynchronize(s));
  return 0;
}

// CHECK: {"type":"race","kind":"write-read",{{.*}}"allocation":{{{.*}}"api":"cudaMallocHost"{{.*}}"access":{"kind":"read","size":4,"what":"host thread 1",{{.*}}"slot":255,{{.*}}"stack":[{{{.*}}"function":"main","file":"{{.*}}report-json.c","line":17{{.*}}"previous":{{.*}}"what":"cudaMemcpyAsync"
// CHECK: {"type":"summary","reported":1,
