// Nodes captured from the program's driver-API calls are named by the line
// of that call, as runtime calls are: a cuLaunchKernel and a
// cuMemcpyDtoDAsync on a capturing stream become a kernel node and a memcpy
// node; the graph's launch races with a reading kernel on another stream,
// and each report names its node's kernel or operation, the host line that
// captured it (the driver call, not the cudaGraphLaunch), and the launch on
// its stream. The fixed twin orders the launch after the reader.
// RUN: %cc_rt -Wl,--no-as-needed -lcuda -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  lib_kernels_register();
  CUstream s, side;
  LK(__csan_cuStreamCreate(&s, CU_STREAM_NON_BLOCKING, SITE));
  LK(__csan_cuStreamCreate(&side, CU_STREAM_NON_BLOCKING, SITE));
  CUdeviceptr buf;
  LK(__csan_cuMemAlloc_v2(&buf, 64, SITE));
  CUfunction f;
  CK(cudaGetFuncBySymbol((cudaFunction_t *)&f, (const void *)kwrite));
  size_t n = 16;
  void *args[] = {&buf, &n};
  CK(__csan_cudaStreamBeginCapture((cudaStream_t)s, cudaStreamCaptureModeGlobal, SITE));
  LK(__csan_cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, s, args, NULL, SITE));
  LK(__csan_cuMemcpyDtoDAsync_v2(buf + 48, buf + 32, 16, s, SITE));
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture((cudaStream_t)s, &graph, SITE));
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  KREAD((cudaStream_t)side, (const void *)(uintptr_t)buf, 64);
  CUevent done;
  LK(cuEventCreate(&done, 0));
  LK(__csan_cuEventRecord(done, side, SITE));
  if (fixed)
    LK(__csan_cuStreamWaitEvent(s, done, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, (cudaStream_t)s, SITE));
  LK(__csan_cuCtxSynchronize(SITE));
  NOTE("launches: %lu instrumented", fake_cuda_count("launch:twin"));
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  return 0;
}

// RACE:      WARNING: csan: data race (read-write) on 16 bytes
// RACE-NEXT:   Write of size 4 at {{.*}} by kernel kwrite(void*, unsigned long) on stream {{.*}} (graph launched at {{.*}}driver-graph-capture.c:40):
// RACE-NEXT:     #0 kwrite(void*, unsigned long) k.cu:3:5
// RACE:          issued at:
// RACE-NEXT:       #0 {{.*}} in main {{.*}}driver-graph-capture.c:28:{{[0-9]+}}
// RACE:        Previous read of size 4 by kernel kread(void const*, unsigned long) on stream
// RACE:      WARNING: csan: data race (read-write) on 16 bytes
// RACE-NEXT:   Write of size 16 at {{.*}} by cudaMemcpy (graph node) on stream {{.*}} (graph launched at {{.*}}driver-graph-capture.c:40):
// RACE:          issued at:
// RACE-NEXT:       #0 {{.*}} in main {{.*}}driver-graph-capture.c:29:{{[0-9]+}}
// RACE:        Previous read of size 4 by kernel kread(void const*, unsigned long) on stream
// RACE:      SUMMARY: csan: data race (read-write) {{.*}}driver-graph-capture.c:29:{{[0-9]+}} in main
// RACE:      launches: 2 instrumented
// RACE-NEXT: csan: reported 2 data race(s)
// RACE-NEXT: exit=66

// FIXED:      launches: 2 instrumented
// FIXED-NEXT: exit=0
