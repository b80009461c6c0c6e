// cudaStreamUpdateCaptureDependencies changes what the next captured node
// depends on. Here the capture's dependency set is replaced by the empty
// set (cudaStreamSetCaptureDependencies) after the first writer, so the
// second writer has no path from it: the graph runs them concurrently and
// csan reports the pair at the launch, each named by its capture line. The
// first writer is added back before the end (it stays joined). The fixed
// twin adds to the set instead (cudaStreamAddCaptureDependencies: ordered).
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(first)
KERNEL_STUB(second)
static int32_t first_site, second_site;

static void first_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, first_site);
}
static void second_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, 4, CSAN_ACC_WRITE, second_site);
}

int main(int argc, char **argv) {
  int fixed = argc > 1 && !strcmp(argv[1], "fixed");
  fake_cuda_register_kernel((const void *)first, "_Z5firstPi", FAKE_TWIN_OK, 1, first_body);
  fake_cuda_register_kernel((const void *)second, "_Z6secondPi", FAKE_TWIN_OK, 1, second_body);
  first_site = fake_cuda_site("deps.cu", 5, 3, "_Z5firstPi", CSAN_ACC_WRITE, 4);
  second_site = fake_cuda_site("deps.cu", 9, 3, "_Z6secondPi", CSAN_ACC_WRITE, 4);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  LAUNCH(first, s, &buf);
  enum cudaStreamCaptureStatus st;
  const cudaGraphNode_t *deps;
  size_t n;
  CK(cudaStreamGetCaptureInfo(s, &st, NULL, NULL, &deps, NULL, &n));
  cudaGraphNode_t a = n == 1 ? deps[0] : NULL;
  CK(__csan_cudaStreamUpdateCaptureDependencies(
      s, NULL, NULL, 0,
      fixed ? cudaStreamAddCaptureDependencies : cudaStreamSetCaptureDependencies, SITE));
  LAUNCH(second, s, &buf);
  CK(__csan_cudaStreamUpdateCaptureDependencies(s, &a, NULL, 1,
                                                cudaStreamAddCaptureDependencies, SITE));
  cudaGraph_t g;
  CK(__csan_cudaStreamEndCapture(s, &g, SITE));
  cudaGraphExec_t x;
  CK(__csan_cudaGraphInstantiate(&x, g, 0, SITE));
  CK(__csan_cudaGraphLaunch(x, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("instrumented launches: %lu", fake_cuda_count("launch:twin"));
  return 0;
}

// RACE:      WARNING: csan: data race (write-write) on 16 bytes
// RACE-NEXT:   Write of size 4 at {{.*}} by kernel second(int*) on stream {{.*}} (graph launched at {{.*}}capture-update-deps.c:53):
// RACE-NEXT:     #0 second(int*) deps.cu:9:3
// RACE:            #0 {{.*}}capture-update-deps.c:46
// RACE:        Previous write of size 4 by kernel first(int*) on stream
// RACE-NEXT:     #0 first(int*) deps.cu:5:3
// RACE:            #0 {{.*}}capture-update-deps.c:37
// RACE:      instrumented launches: 2
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      instrumented launches: 2
// FIXED-NEXT: exit=0
