// A graph whose captured cublasSgemm writes C is launched on s; a kernel
// on stream s2 then reads C without waiting for s: the launch's library
// call and the stream kernel race (write-read), the write named after
// cublasSgemm_v2, its capture line and the graph's launch. The fixed twin
// makes s2 wait for an event recorded on s after the launch.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING --implicit-check-not=without < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s, s2;
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(s2);
  float *A, *B, *C;
  CK(__csan_cudaMalloc((void **)&A, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&B, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C, 64 * sizeof(float), SITE));
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s, SITE));
  cudaEvent_t done;
  CK(__csan_cudaEventCreate(&done, SITE));
  float alpha = 1, beta = 0;
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  LK(__csan_cublasSgemm_v2(h, CUBLAS_OP_N, CUBLAS_OP_N, 8, 8, 8, &alpha, A, 8, B, 8, &beta, C, 8,
                           SITE));
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture(s, &graph, SITE));
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, s, SITE));
  if (!race) {
    CK(__csan_cudaEventRecord(done, s, SITE));
    CK(__csan_cudaStreamWaitEvent(s2, done, 0, SITE));
  }
  KREAD(s2, C, 8);
  CK(__csan_cudaDeviceSynchronize(SITE));
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 8 bytes at 0x[[#%x,ADDR:]]
// RACE-NEXT:   Read of size 4 at 0x[[#ADDR]] by kernel kread(void const*, unsigned long) on stream 0x{{[0-9a-f]+}}:
// RACE-NEXT:     #0 kread(void const*, unsigned long) k.cu:8:5
// RACE:        Previous write of size 256 by cublasSgemm_v2 on stream 0x{{[0-9a-f]+}} (graph launched at {{.*}}cublas-graph-vs-stream.c:36):
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}cublas-graph-vs-stream.c:30:{{[0-9]+}}
// RACE:      SUMMARY: csan: data race (write-read) k.cu:8:5 in kread(void const*, unsigned long)
// RACE:      done
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
