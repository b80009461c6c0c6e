// A stream forked into a capture by the driver API (cuStreamWaitEvent for
// an event cuEventRecord recorded in the capturing stream) and not joined
// back: the capture fails with cudaErrorStreamCaptureUnjoined, and csan's
// report names the cuStreamWaitEvent line as the fork and the
// cuLaunchKernel line as the work left out, as for the runtime's calls
// (test/runtime/graphs/capture-unjoined.c). The fixed twin joins the fork
// back with cuEventRecord and cuStreamWaitEvent.
// RUN: %cc_rt -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  lib_kernels_register();
  CUstream s1, s2;
  LK(__csan_cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING, SITE));
  LK(__csan_cuStreamCreate(&s2, CU_STREAM_NON_BLOCKING, SITE));
  CUdeviceptr buf;
  LK(__csan_cuMemAlloc_v2(&buf, 64, SITE));
  CUfunction f;
  CK(cudaGetFuncBySymbol((cudaFunction_t *)&f, (const void *)kwrite));
  size_t n = 16;
  void *args[] = {&buf, &n};
  CUevent fork, join;
  LK(cuEventCreate(&fork, 0));
  LK(cuEventCreate(&join, 0));
  CK(__csan_cudaStreamBeginCapture((cudaStream_t)s1, cudaStreamCaptureModeGlobal, SITE));
  LK(__csan_cuEventRecord(fork, s1, SITE));
  LK(__csan_cuStreamWaitEvent(s2, fork, 0, SITE));
  LK(__csan_cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, s2, args, NULL, SITE));
  LK(__csan_cuEventRecord(join, s2, SITE));
  if (fixed)
    LK(__csan_cuStreamWaitEvent(s1, join, 0, SITE));
  cudaGraph_t g = NULL;
  cudaError_t e = __csan_cudaStreamEndCapture((cudaStream_t)s1, &g, SITE);
  NOTE("end of capture: %s, %s", e == cudaSuccess ? "ok" : "failed", g ? "a graph" : "no graph");
  return 0;
}

// RACE:      ==================
// RACE-NEXT: WARNING: csan: stream capture error (cudaErrorStreamCaptureUnjoined)
// RACE-NEXT:   work captured at {{.*}}driver-capture-fork.c:33 on stream 0x{{[0-9a-f]+}}, which was forked into the capture at {{.*}}driver-capture-fork.c:32,
// RACE-NEXT:   is not joined back into stream 0x{{[0-9a-f]+}} before cudaStreamEndCapture at {{.*}}driver-capture-fork.c:38: the capture made no graph
// RACE-NEXT: SUMMARY: csan: stream capture error (cudaErrorStreamCaptureUnjoined) {{.*}}driver-capture-fork.c:32
// RACE-NEXT: ==================
// RACE-NEXT: end of capture: failed, no graph
// RACE-NEXT: csan: reported 1 stream capture error(s)
// RACE-NEXT: exit=66

// FIXED:      end of capture: ok, a graph
// FIXED-NEXT: exit=0
