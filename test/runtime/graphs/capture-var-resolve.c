// __device__ variables are resolved (cudaGetSymbolAddress, shadow pages) at
// the first checked launch or memory operation after their registration. A
// launch or memset captured into a graph is not run (it is checked when the
// graph is launched), so it resolves
// nothing: csan does no work of its own inside the capture, and the first
// checked launch after it does the resolving. Without a capture the first
// launch resolves them.
// RUN: %cc_rt -o %t
// RUN: %run %t capture > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=CAPTURE < %t.out
// RUN: %run %t plain > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=PLAIN --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(bump)
static int dv[16]; /* the host shadow of `__device__ int dv[16]` */

static unsigned long work(void) {
  return fake_cuda_count("cudaGetSymbolAddress") + fake_cuda_count("cudaMalloc") +
         fake_cuda_count("csan_rk_fill");
}

int main(int argc, char **argv) {
  int capture = argc > 1 && !strcmp(argv[1], "capture");
  fake_cuda_register_kernel((const void *)bump, "_Z4bumpv", FAKE_TWIN_OK, 0, NULL);
  void *handle = NULL;
  __csan___cudaRegisterVar(&handle, (char *)dv, (char *)"dv", "dv", 0, sizeof dv, 0, 0, SITE);
  cudaStream_t c, s;
  NONBLOCKING_STREAM(c);
  NONBLOCKING_STREAM(s);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  void *args[1];
  dim3 g = {1, 1, 1}, b = {1, 1, 1};
  unsigned long before = work();
  if (capture) {
    CK(__csan_cudaStreamBeginCapture(c, cudaStreamCaptureModeGlobal, SITE));
    CK(__csan_cudaLaunchKernel((const void *)bump, g, b, args, 0, c, SITE));
    CK(__csan_cudaMemsetAsync(buf, 0, 16, c, SITE));
    cudaGraph_t graph;
    CK(__csan_cudaStreamEndCapture(c, &graph, SITE));
    NOTE("captured: %lu lookups or shadow work", work() - before);
  }
  before = work();
  CK(__csan_cudaLaunchKernel((const void *)bump, g, b, args, 0, s, SITE));
  NOTE("first checked launch: %lu symbol lookup(s)", fake_cuda_count("cudaGetSymbolAddress"));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  return 0;
}

// CAPTURE:      captured: 0 lookups or shadow work
// CAPTURE-NEXT: first checked launch: 1 symbol lookup(s)
// CAPTURE-NEXT: exit=0

// PLAIN:      first checked launch: 1 symbol lookup(s)
// PLAIN-NEXT: exit=0
