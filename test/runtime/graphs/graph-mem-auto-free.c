// An allocation a graph does not free lives on after the launch (only the
// ALLOC marker); with auto-free on launch the next launch frees it and
// allocates it again. A read on another stream after the first launch that
// the second launch is not ordered after races with the new allocation. The
// fixed twin makes the launch stream wait for the read.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#define FILL_USE_OFFSET 2
#include "fill_use_kernels.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fill_use_register();
  cudaStream_t s, s2;
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(s2);
  cudaEvent_t launched, read;
  CK(__csan_cudaEventCreate(&launched, SITE));
  CK(__csan_cudaEventCreate(&read, SITE));
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  struct cudaMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.bytesize = 64;
  cudaGraphNode_t mk, f;
  CK(__csan_cudaGraphAddMemAllocNode(&mk, g, NULL, 0, &ap, SITE));
  int *buf = ap.dptr;
  void *args[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)fill, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  CK(__csan_cudaGraphAddKernelNode(&f, g, &mk, 1, &p, SITE));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiateWithFlags(&x, g, cudaGraphInstantiateFlagAutoFreeOnLaunch,
                                          SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaEventRecord(launched, s, SITE));
  CK(__csan_cudaStreamWaitEvent(s2, launched, 0, SITE));
  LAUNCH(use, s2, &buf);
  if (fixed) {
    CK(__csan_cudaEventRecord(read, s2, SITE));
    CK(__csan_cudaStreamWaitEvent(s, read, 0, SITE));
  }
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (use-after-free) on 4 bytes
// RACE-NEXT:   Free of size 64 at 0x{{[0-9a-f]+}} by graph alloc node on stream 0x{{[0-9a-f]+}} (graph launched at {{.*}}graph-mem-auto-free.c:[[#]]):
// RACE:        Previous read of size 4 by kernel use(int*) on stream
// RACE-NEXT:     #0 use(int*) mem.cu:7:3
// RACE:        Freed by graph relaunch (auto-free on launch) at:
// RACE:      done
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      done
// FIXED-NEXT: exit=0
