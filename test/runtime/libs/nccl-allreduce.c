// An NCCL all-reduce on the communication stream writes the gradients
// (recvbuff, in place); the optimizer kernel on the compute stream updates
// the same gradients without waiting: write-write, reported by the kernel,
// the previous side named ncclAllReduce. The fixed twin makes the compute
// stream wait for an event recorded after the all-reduce.
// RUN: %cc_rt -Wl,--no-as-needed -lnccl -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t comm_s, compute;
  NONBLOCKING_STREAM(comm_s);
  NONBLOCKING_STREAM(compute);
  float *grads;
  CK(__csan_cudaMalloc((void **)&grads, 256 * sizeof(float), SITE));
  ncclComm_t comm;
  int dev = 0;
  LK(ncclCommInitAll(&comm, 1, &dev));
  LK(__csan_ncclAllReduce(grads, grads, 256, ncclFloat, ncclSum, comm, comm_s, SITE));
  cudaEvent_t reduced;
  CK(__csan_cudaEventCreate(&reduced, SITE));
  if (!race) {
    CK(__csan_cudaEventRecord(reduced, comm_s, SITE));
    CK(__csan_cudaStreamWaitEvent(compute, reduced, 0, SITE));
  }
  KWRITE(compute, grads, 1024); // the optimizer step
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      WARNING: csan: data race (write-write) on 1024 bytes at
// RACE-NEXT:   Write of size 4 at {{.*}} by kernel kwrite(void*, unsigned long) on stream
// RACE:        Previous write by ncclAllReduce on stream
// RACE:        Location: bytes [0, 1024) of a 1024-byte allocation at
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: done
// FIXED-NEXT: exit=0
