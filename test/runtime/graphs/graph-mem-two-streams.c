// One exec with alloc and free nodes launched alternately on two streams:
// CUDA orders the launches, so each launch's allocation is a new life and
// nothing is reported. csan's ALLOC markers of launch n+1 must run after
// launch n's FREE markers in device time: on another stream csan waits for
// its own event (counted here), which is no model operation. The race twin
// shows the model did not gain that order: stream work on the first stream
// after its launch and work on the second after its launch stay unordered.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "fill_use_kernels.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  fill_use_register();
  cudaStream_t s[2];
  NONBLOCKING_STREAM(s[0]);
  NONBLOCKING_STREAM(s[1]);
  int *other;
  CK(__csan_cudaMalloc((void **)&other, 64, SITE));
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  struct cudaMemAllocNodeParams ap;
  memset(&ap, 0, sizeof ap);
  ap.bytesize = 64;
  cudaGraphNode_t mk, f, u, rel;
  CK(__csan_cudaGraphAddMemAllocNode(&mk, g, NULL, 0, &ap, SITE));
  int *buf = ap.dptr;
  void *args[] = {&buf};
  struct cudaKernelNodeParams p = {(void *)fill, {1, 1, 1}, {32, 1, 1}, 0, args, NULL};
  CK(__csan_cudaGraphAddKernelNode(&f, g, &mk, 1, &p, SITE));
  p.func = (void *)use;
  CK(__csan_cudaGraphAddKernelNode(&u, g, &f, 1, &p, SITE));
  CK(__csan_cudaGraphAddMemFreeNode(&rel, g, &u, 1, buf, SITE));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  unsigned long waits = fake_cuda_count("cudaStreamWaitEvent");
  for (int i = 0; i < 4; i++) {
    CK(__csan_cudaGraphLaunch(x, s[i % 2], SITE));
    if (race && i < 2)
      LAUNCH(i ? use : fill, s[i % 2], &other);
  }
  NOTE("csan's waits: %lu", fake_cuda_count("cudaStreamWaitEvent") - waits);
  CK(__csan_cudaDeviceSynchronize(SITE));
  return 0;
}

// RACE:      csan's waits: 3
// RACE:      WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT:   Read of size 4 at 0x{{[0-9a-f]+}} by kernel use(int*) on stream
// RACE:        Previous write of size 4 by kernel fill(int*) on stream
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED-NOT: graph memory node
// FIXED:     csan's waits: 3
// FIXED-NEXT: exit=0
