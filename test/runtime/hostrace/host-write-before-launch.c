// Device work is ordered after the host accesses issued before it by the
// same thread: the host fills pinned input, then launches a copy that
// reads it (clean, fixed twin). The race twin writes the input again after
// the copy was issued, while the copy may still read it.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev, *in;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMallocHost((void **)&in, 64));
  for (int i = 0; i < 16; i++)
    in[i] = i;
  CK(cudaMemcpyAsync(dev, in, 64, cudaMemcpyHostToDevice, s));
#ifndef FIXED
  in[0] = -1;
#endif
  CK(launch(sum, s, dev, 16));
  CK(cudaStreamSynchronize(s));
  puts("done");
  return 0;
}

// RACE: WARNING: csan: data race (read-write) on 4 bytes
// RACE-NEXT: Write of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: Previous read of size 64 by cudaMemcpyAsync on stream
// FIXED: done
