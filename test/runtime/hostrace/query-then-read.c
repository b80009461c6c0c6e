// cudaStreamQuery returning cudaSuccess is an observed completion: the
// host's read after a successful query is ordered (fixed twin). Without
// the query loop the read races with the copy.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
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
#ifdef FIXED
  while (cudaStreamQuery(s) != cudaSuccess)
    ;
#endif
  printf("res[4] %d\n", res[4]);
  CK(cudaStreamSynchronize(s));
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// FIXED: res[4] 5
