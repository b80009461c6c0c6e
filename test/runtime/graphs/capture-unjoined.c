// A stream forked into a capture (it waited for an event recorded in the
// capturing stream) and not joined back: cudaStreamEndCapture fails with
// cudaErrorStreamCaptureUnjoined and makes no graph. csan reports it as a
// bug of the program, as csan-replay does: the work left out (its capture
// line and stream), the wait that forked the stream into the capture, the
// cudaStreamEndCapture line; counted in the exit summary, exit status 66.
// The fixed twin joins the fork back.
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

// RACE:      ==================
// RACE-NEXT: WARNING: csan: stream capture error (cudaErrorStreamCaptureUnjoined)
// RACE-NEXT:   work captured at {{.*}}capture-unjoined.c:29 on stream 0x{{[0-9a-f]+}}, which was forked into the capture at {{.*}}capture-unjoined.c:28,
// RACE-NEXT:   is not joined back into stream 0x{{[0-9a-f]+}} before cudaStreamEndCapture at {{.*}}capture-unjoined.c:34: the capture made no graph
// RACE-NEXT: SUMMARY: csan: stream capture error (cudaErrorStreamCaptureUnjoined) {{.*}}capture-unjoined.c:28
// RACE-NEXT: ==================
// RACE-NEXT: end of capture: failed, no graph
// RACE-NEXT: csan: reported 1 stream capture error(s)
// RACE-NEXT: exit=66

// FIXED:      end of capture: ok, a graph
// FIXED-NEXT: exit=0
