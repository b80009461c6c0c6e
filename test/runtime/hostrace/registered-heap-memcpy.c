// A heap buffer registered with cudaHostRegister is filled by an async copy
// and copied out with memcpy (a range the instrumentation checks as a
// whole) before the stream is synchronized (race); the fixed twin
// synchronizes first.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev;
  CK(cudaMalloc((void **)&dev, 256));
  int *buf = malloc(256);
  int *out = malloc(256);
  CK(cudaHostRegister(buf, 256, cudaHostRegisterDefault));
  CK(launch(fill, s, dev, 64));
  CK(cudaMemcpyAsync(buf, dev, 256, cudaMemcpyDeviceToHost, s));
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  size_t n = 256;
  if (getenv("HOSTRACE_NEVER_SET"))
    n = 4;
  memcpy(out, buf, n);
  printf("out[63] %d\n", out[63]);
  CK(cudaStreamSynchronize(s));
  CK(cudaHostUnregister(buf));
  free(buf);
  free(out);
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 256 bytes
// RACE-NEXT: Read of size 256 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}registered-heap-memcpy.c:
// RACE: Previous write of size 256 by cudaMemcpyAsync on stream
// FIXED: out[63] 64
