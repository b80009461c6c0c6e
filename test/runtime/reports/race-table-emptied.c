// The device race table holds the races found since the last drain, not
// since the start: entries whose operation the host has waited for are
// emptied when they are drained. A racing pair of kernels repeated in a
// loop (a host synchronization each time, more iterations than the table
// has entries) fills nothing up, and a new race at new sites after the loop
// is still recorded and reported (SYNC). Without synchronizations (NOSYNC)
// the copies of one site pair fold into one entry instead of filling the
// table. Neither run says races were not recorded.
// RUN: %cc_rt -o %t
// RUN: env CSAN_OPTIONS=race_table_size=64 %run %t sync > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,SYNC < %t.out
// RUN: env CSAN_OPTIONS=race_table_size=64:verbosity=1 %run %t nosync > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,NOSYNC < %t.out
#include "rw_kernels.h"

int main(int argc, char **argv) {
  int sync = argc > 1 && !strcmp(argv[1], "sync");
  rw_kernels_register();
  cudaStream_t a, b;
  NONBLOCKING_STREAM(a);
  NONBLOCKING_STREAM(b);
  int *buf, *other;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  CK(__csan_cudaMalloc((void **)&other, 64, SITE));
  for (int i = 0; i < 500; i++) {
    LAUNCH(write4, a, &buf);
    LAUNCH(read4, b, &buf);
    if (sync)
      CK(__csan_cudaDeviceSynchronize(SITE));
  }
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("loop done");
  /* A new race at other sites: a copy against a set. */
  char host[64] = {0};
  CK(__csan_cudaMemcpyAsync(other, host, 64, cudaMemcpyHostToDevice, a, SITE));
  CK(__csan_cudaMemsetAsync(other, 0, 64, b, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end");
  return 0;
}

// NOSYNC:      WARNING: csan: data race (read-write) on 16 bytes
// NOSYNC:      SUMMARY: csan: data race (read-write) k.cu:3:5 in write4(int*)
// CHECK:       WARNING: csan: data race (write-read) on 16 bytes
// CHECK:         Read of size 4 at {{.*}} by kernel read4(int*)
// CHECK:       SUMMARY: csan: data race (write-read) k.cu:8:5 in read4(int*)
// CHECK-NOT:   WARNING: csan
// CHECK:       loop done
// CHECK-NEXT:  ==================
// CHECK-NEXT:  WARNING: csan: data race (write-write) on 64 bytes
// CHECK-NEXT:    Write of size 64 at {{.*}} by cudaMemsetAsync on stream
// CHECK:         Previous write of size 64 by cudaMemcpyAsync on stream
// CHECK:       end
// CHECK-NOT:   were not recorded
// SYNC:        csan: reported 2 data race(s)
// NOSYNC:      csan: reported 3 data race(s)
// CHECK:       exit=66
