// The host writes managed memory while a kernel on a non-blocking stream
// reads it (on a GPU with concurrent managed access: a silent race). The
// fixed twin synchronizes the stream first.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *m;
  CK(cudaMallocManaged((void **)&m, 64, cudaMemAttachGlobal));
  CK(launch(sum, s, m, 16));
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  m[5] = 42;
  CK(cudaStreamSynchronize(s));
  printf("m[5] %d\n", m[5]);
  CK(cudaFree(m));
  return 0;
}

// RACE: WARNING: csan: data race (read-write) on 4 bytes
// RACE-NEXT: Write of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}managed-during-kernel.c:{{[0-9]+}}
// RACE: Previous read of size 4 by kernel sum(int*, int) on stream
// RACE-NEXT: #0 sum(int*, int) k.cu:20:5
// RACE: Location: {{.*}} made by cudaMallocManaged
// FIXED: m[5] 42
