// A stack buffer registered with cudaHostRegister receives an async
// device-to-host copy; the host reads it before synchronizing (race). The
// fixed twin synchronizes first. (csan-host checks this buffer because its
// address escapes to cudaHostRegister.)
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev;
  CK(cudaMalloc((void **)&dev, 64));
  int buf[16] = {0};
  CK(cudaHostRegister(buf, sizeof buf, cudaHostRegisterDefault));
  CK(launch(fill, s, dev, 16));
  CK(cudaMemcpyAsync(buf, dev, sizeof buf, cudaMemcpyDeviceToHost, s));
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  printf("buf[9] %d\n", buf[9]);
  CK(cudaStreamSynchronize(s));
  CK(cudaHostUnregister(buf));
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// RACE: Location: {{.*}} made by cudaHostRegister
// FIXED: buf[9] 10
