// cudaMalloc while a stream captures in global mode is a call CUDA does not
// allow: it fails (cudaErrorStreamCaptureUnsupported) and invalidates the
// capture, whose cudaStreamEndCapture then fails with
// cudaErrorStreamCaptureInvalidated and makes no graph. csan reports it as
// a bug of the program, with the lines that began and ended the capture
// and the call that invalidated it, counted in the exit summary (exit
// status 66). The fixed twin allocates
// before the capture.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
#include "rw_kernels.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  rw_kernels_register();
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf = NULL, *scratch = NULL;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  if (fixed)
    CK(__csan_cudaMalloc((void **)&scratch, 16, SITE));
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  LAUNCH(write4, s, &buf);
  cudaError_t m = fixed ? cudaSuccess : __csan_cudaMalloc((void **)&scratch, 16, SITE);
  cudaGraph_t g = NULL;
  cudaError_t e = __csan_cudaStreamEndCapture(s, &g, SITE);
  NOTE("cudaMalloc in the capture: %s; end of capture: %s, %s",
       m == cudaSuccess ? "ok" : "failed", e == cudaSuccess ? "ok" : "failed",
       g ? "a graph" : "no graph");
  return 0;
}

// RACE:      ==================
// RACE-NEXT: WARNING: csan: stream capture error (cudaErrorStreamCaptureInvalidated)
// RACE-NEXT:   the capture begun at {{.*}}capture-invalidated.c:25 on stream 0x{{[0-9a-f]+}} was invalidated by cudaMalloc at {{.*}}capture-invalidated.c:27, which CUDA does not allow during it (it failed with cudaErrorStreamCaptureUnsupported): cudaStreamEndCapture at {{.*}}capture-invalidated.c:29 makes no graph
// RACE-NEXT: SUMMARY: csan: stream capture error (cudaErrorStreamCaptureInvalidated) {{.*}}capture-invalidated.c:29
// RACE-NEXT: ==================
// RACE-NEXT: cudaMalloc in the capture: failed; end of capture: failed, no graph
// RACE-NEXT: csan: reported 1 stream capture error(s)
// RACE-NEXT: exit=66

// FIXED:      cudaMalloc in the capture: ok; end of capture: ok, a graph
// FIXED-NEXT: exit=0
