// cublasSgemmBatched captured into a graph (global mode): csan cannot read
// the device pointer arrays during the capture (that would wait for the
// stream, which invalidates a capture), so it checks the arrays the call
// reads and counts the matrices they point to as unchecked, at the call's
// line. The capture stays valid. A kernel captured on a forked stream
// writes the C pointer array with no path to the GEMM: a read-write race
// named after cublasSgemmBatched. The fixed twin joins the write before
// the GEMM.
// RUN: %cc_rt -Wl,--no-as-needed -lcublas -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s, s2;
  NONBLOCKING_STREAM(s);
  NONBLOCKING_STREAM(s2);
  float *AB, *C;
  const float **dA, **dB;
  float **dC;
  CK(__csan_cudaMalloc((void **)&AB, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&C, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&dA, 4 * sizeof(void *), SITE));
  CK(__csan_cudaMalloc((void **)&dB, 4 * sizeof(void *), SITE));
  CK(__csan_cudaMalloc((void **)&dC, 4 * sizeof(void *), SITE));
  cublasHandle_t h;
  LK(cublasCreate_v2(&h));
  LK(__csan_cublasSetStream_v2(h, s, SITE));
  cudaEvent_t fork, join;
  CK(__csan_cudaEventCreate(&fork, SITE));
  CK(__csan_cudaEventCreate(&join, SITE));
  float alpha = 1, beta = 0;
  CK(__csan_cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal, SITE));
  if (!race)
    KWRITE(s, dC, 4 * sizeof(void *));
  CK(__csan_cudaEventRecord(fork, s, SITE));
  CK(__csan_cudaStreamWaitEvent(s2, fork, 0, SITE));
  if (race)
    KWRITE(s2, dC, 4 * sizeof(void *));
  LK(__csan_cublasSgemmBatched(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &alpha, dA, 2, dB, 2, &beta,
                               dC, 2, 4, SITE));
  CK(__csan_cudaEventRecord(join, s2, SITE));
  CK(__csan_cudaStreamWaitEvent(s, join, 0, SITE));
  cudaGraph_t graph;
  CK(__csan_cudaStreamEndCapture(s, &graph, SITE));
  NOTE("captured: %lu of csan's checks", fake_cuda_count("capture:csan check"));
  cudaGraphExec_t exec;
  CK(__csan_cudaGraphInstantiate(&exec, graph, 0, SITE));
  CK(__csan_cudaGraphLaunch(exec, s, SITE));
  CK(__csan_cudaStreamSynchronize(s, SITE));
  CK(__csan_cudaGraphExecDestroy(exec, SITE));
  NOTE("done");
  return 0;
}

// CHECK:      captured: 3 of csan's checks
// RACE:       WARNING: csan: data race (write-read) on 32 bytes at
// RACE-NEXT:    Read of size 32 at {{.*}} by cublasSgemmBatched on stream {{.*}} (graph launched at {{.*}}cublas-graph-batched.c:53):
// RACE:         issued at:
// RACE-NEXT:      #0 0x{{[0-9a-f]+}} in main {{.*}}cublas-graph-batched.c:44:{{[0-9]+}}
// RACE:         Previous write of size 4 by kernel kwrite(void*, unsigned long) on stream
// RACE:         Location: bytes [0, 32) of a 32-byte allocation
// CHECK:      done
// CHECK:      csan:   matrices of a batched library call captured into a graph: 1 call(s), first at {{.*}}cublas-graph-batched.c:45: csan reads a batched call's pointer arrays from device memory, which it cannot do during a stream capture: the arrays are checked, the matrices they point to are not
// RACE:       csan: reported 1 data race(s)
// RACE:       exit=66
// FIXED:      exit=0
