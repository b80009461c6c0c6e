// Launches of one graph exec never overlap, even on two streams with nothing
// between them (CUDA runs one instance of an exec at a time): no report.
// Two execs of the same graph on two streams do overlap: their kernels race.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(step)
static int32_t site;

static void step_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fake_cuda_register_kernel((const void *)step, "_Z4stepPi", FAKE_TWIN_OK, 1, step_body);
  site = fake_cuda_site("step.cu", 4, 5, "_Z4stepPi", CSAN_ACC_WRITE, 4);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  CK(__csan_cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal, SITE));
  LAUNCH(step, s1, &buf);
  cudaGraph_t g;
  CK(__csan_cudaStreamEndCapture(s1, &g, SITE));
  cudaGraphExec_t x1, x2;
  CK(__csan_cudaGraphInstantiate(&x1, g, 0, SITE));
  CK(__csan_cudaGraphInstantiate(&x2, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x1, s1, SITE));
  CK(__csan_cudaGraphLaunch(fixed ? x1 : x2, s2, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("instrumented launches: %lu", fake_cuda_count("launch:twin"));
  return 0;
}

// RACE:      WARNING: csan: data race (write-write) on 16 bytes
// RACE-NEXT:   Write of size 4 at {{.*}} by kernel step(int*) on stream {{.*}} (graph launched at {{.*}}graph-two-execs.c:35):
// RACE-NEXT:     #0 step(int*) step.cu:4:5
// RACE:          #0 {{.*}}graph-two-execs.c:28
// RACE:        Previous write of size 4 by kernel step(int*) on stream {{.*}} (graph launched at {{.*}}graph-two-execs.c:34):
// RACE:          #0 {{.*}}graph-two-execs.c:28
// RACE:      instrumented launches: 2
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      instrumented launches: 2
// FIXED-NEXT: exit=0
