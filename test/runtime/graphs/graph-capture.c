// Capture is not execution: kernels and a memset issued to a capturing
// stream neither run nor are checked (no twin, no range check); the graph
// they make runs its kernels' twins and the memset's range check when it is
// launched, and a launch that races with another stream's kernel is
// reported, for the kernel nodes and the memset node, each named by the
// line that captured it, on the stream and line of its launch. The fixed
// twin orders the launch after the other stream with an event.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
KERNEL_STUB(peek)
static int32_t fill_site, peek_site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, fill_site);
}
static void peek_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_READ, peek_site);
}

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  fake_cuda_register_kernel((const void *)peek, "_Z4peekPi", FAKE_TWIN_OK, 1, peek_body);
  fill_site = fake_cuda_site("graph.cu", 7, 5, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  peek_site = fake_cuda_site("side.cu", 3, 9, "_Z4peekPi", CSAN_ACC_READ, 4);
  cudaStream_t s, side;
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(side);
  cudaEvent_t done;
  CK(__csan_cudaEventCreate(&done, SITE));
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  unsigned long checks = fake_cuda_count("csan_rk_access");
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  LAUNCH(fill, s, &buf);
  LAUNCH(fill, s, &buf);
  CK(__csan_cudaMemsetAsync(buf, 0, 16, s, SITE));
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture(s, &graph, SITE));
  NOTE("captured: %lu plain, %lu instrumented launches; range checks: %lu",
       fake_cuda_count("launch:plain"), fake_cuda_count("launch:twin"),
       fake_cuda_count("csan_rk_access") - checks);
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  LAUNCH(peek, side, &buf);
  CK(__csan_cudaEventRecord(done, side, SITE));
  if (fixed)
    CK(__csan_cudaStreamWaitEvent(s, done, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("launched: %lu plain, %lu instrumented launches; range checks: %lu",
       fake_cuda_count("launch:plain"), fake_cuda_count("launch:twin"),
       fake_cuda_count("csan_rk_access") - checks);
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  return 0;
}

// RACE:      captured: 0 plain, 0 instrumented launches; range checks: 0
// RACE:      WARNING: csan: data race (read-write) on 4 bytes
// RACE-NEXT:   Write of size 4 at {{.*}} by kernel fill(int*) on stream {{.*}} (graph launched at {{.*}}graph-capture.c:55):
// RACE-NEXT:     #0 fill(int*) graph.cu:7:5
// RACE:            #0 {{.*}}graph-capture.c:41
// RACE:        Previous read of size 4 by kernel peek(int*) on stream
// RACE-NEXT:     #0 peek(int*) side.cu:3:9
// RACE:      WARNING: csan: data race (read-write) on 4 bytes
// RACE-NEXT:   Write of size 16 at {{.*}} by cudaMemsetAsync on stream {{.*}} (graph launched at {{.*}}graph-capture.c:55):
// RACE:            #0 {{.*}}graph-capture.c:43
// RACE:        Previous read of size 4 by kernel peek(int*) on stream
// RACE:      SUMMARY: csan: data race (read-write) {{.*}}graph-capture.c:43:3 in main
// RACE:      launched: 0 plain, 3 instrumented launches; range checks: 1
// RACE:      csan: reported 2 data race(s)
// RACE-NEXT: exit=66

// FIXED:      captured: 0 plain, 0 instrumented launches; range checks: 0
// FIXED-NEXT: launched: 0 plain, 3 instrumented launches; range checks: 1
// FIXED-NEXT: exit=0
