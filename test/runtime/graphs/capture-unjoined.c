// A stream forked into a capture (it waited for an event recorded in the
// capturing stream) and not joined back: cudaStreamEndCapture fails with
// cudaErrorStreamCaptureUnjoined and makes no graph, and csan names the
// error and the line. The fixed twin joins the fork back.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(side)

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fake_cuda_register_kernel((const void *)side, "_Z4sidev", FAKE_TWIN_OK, 0, NULL);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  cudaEvent_t fork, join;
  CK(__csan_cudaEventCreate(&fork, SITE));
  CK(__csan_cudaEventCreate(&join, SITE));
  CK(__csan_cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal, SITE));
  CK(__csan_cudaEventRecord(fork, s1, SITE));
  CK(__csan_cudaStreamWaitEvent(s2, fork, 0, SITE));
  LAUNCH(side, s2);
  CK(__csan_cudaEventRecord(join, s2, SITE));
  if (fixed)
    CK(__csan_cudaStreamWaitEvent(s1, join, 0, SITE));
  cudaGraph_t g = NULL;
  cudaError_t e = __csan_cudaStreamEndCapture(s1, &g, SITE);
  NOTE("end of capture: %s, %s", e == cudaSuccess ? "ok" : "failed", g ? "a graph" : "no graph");
  return 0;
}

// RACE:      csan: WARNING: stream capture error (cudaErrorStreamCaptureUnjoined) at {{.*}}capture-unjoined.c:31: a stream forked into the capture (by waiting for an event recorded in it) was not joined back into the origin stream; the capture made no graph
// RACE-NEXT: end of capture: failed, no graph
// RACE-NEXT: exit=0

// FIXED:      end of capture: ok, a graph
// FIXED-NEXT: exit=0
