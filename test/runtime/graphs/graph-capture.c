// CUDA graphs are not checked: beginning a capture warns once; kernels and
// memory operations issued to a stream being captured run unchecked (no
// twin, no range check) and are not modelled; the calls pass through and
// succeed. Without a capture the same work is checked, silently.
// RUN: %cc_rt -o %t
// RUN: %run %t capture > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=CAPTURE < %t.out
// RUN: %run %t plain > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=PLAIN --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)

int main(int argc, char **argv) {
  int capture = argc > 1 && !strcmp(argv[1], "capture");
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, NULL);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  unsigned long checks = fake_cuda_count("csan_rk_access");
  if (capture)
    CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  LAUNCH(fill, s, &buf);
  LAUNCH(fill, s, &buf);
  CK(__csan_cudaMemsetAsync(buf, 0, 16, s, SITE));
  if (capture) {
    cudaGraph_t graph;
    CK(__csan_cudaStreamEndCapture(s, &graph, SITE));
    CK(__csan_cudaGraphLaunch((cudaGraphExec_t)graph, s, SITE));
  }
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("launches: %lu plain, %lu instrumented; range checks: %lu", fake_cuda_count("launch:plain"),
       fake_cuda_count("launch:twin"), fake_cuda_count("csan_rk_access") - checks);
  return 0;
}

// CAPTURE:      csan: WARNING: CUDA graphs are not checked: work captured into a graph and graph launches are not tracked
// CAPTURE-NOT:  WARNING
// CAPTURE:      launches: 2 plain, 0 instrumented; range checks: 0
// CAPTURE-NEXT: exit=0

// PLAIN: launches: 0 plain, 2 instrumented; range checks: 1
// PLAIN-NEXT: exit=0
