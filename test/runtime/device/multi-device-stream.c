// Which device a stream belongs to, not which device is current, decides
// whether its events and host waits are modelled: while device 1 is current,
// a record on a stream of csan's device 0 and a wait for it still order the
// reader after the writer (EVENT), and synchronizing that stream still makes
// the host observe it and report the race the table holds (SYNC; the report
// comes before the note that follows the synchronization). Without either
// the write and the read race (RACE).
// RUN: %cc_rt -o %t
// RUN: env FAKE_CUDA_DEVICES=2 %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,RACE < %t.out
// RUN: env FAKE_CUDA_DEVICES=2 %run %t event > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,EVENT --implicit-check-not=WARNING: < %t.out
// RUN: env FAKE_CUDA_DEVICES=2 %run %t sync > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,SYNC < %t.out
#include "rw_kernels.h"

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "race";
  rw_kernels_register();
  cudaStream_t a, b;
  NONBLOCKING_STREAM(a);
  NONBLOCKING_STREAM(b);
  cudaEvent_t done;
  CK(__csan_cudaEventCreate(&done, SITE));
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  if (!strcmp(mode, "sync")) {
    /* A race that is in the table once a is observed. */
    LAUNCH(write4, b, &buf);
    LAUNCH(write4, a, &buf);
  } else {
    LAUNCH(write4, a, &buf);
  }

  CK(cudaSetDevice(1));
  if (!strcmp(mode, "event")) {
    CK(__csan_cudaEventRecord(done, a, SITE));
    CK(__csan_cudaStreamWaitEvent(b, done, 0, SITE));
  } else if (!strcmp(mode, "sync")) {
    CK(__csan_cudaStreamSynchronize(a, SITE));
    NOTE("synchronized");
  }
  CK(cudaSetDevice(0));

  if (strcmp(mode, "sync"))
    LAUNCH(read4, b, &buf);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// CHECK-NOT:  is not checked

// RACE:       WARNING: csan: data race (write-read) on 16 bytes
// RACE:       done
// RACE-NEXT:  csan: reported 1 data race(s)

// EVENT:      done
// EVENT-NEXT: exit=0

// SYNC:       WARNING: csan: data race (write-write) on 16 bytes
// SYNC:       SUMMARY:
// SYNC:       synchronized
// SYNC-NEXT:  done
// SYNC-NEXT:  csan: reported 1 data race(s)
