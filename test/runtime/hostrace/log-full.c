// A kernel's accesses to host memory wait in the device's log until the
// host replays them; accesses that find the log full are not checked, and
// csan says how many at exit. The fake appends one record per access, and
// its kernels run inside the launch, so with a log of 1024 records 1500
// accesses leave 476 behind. The twin's 1024 fit.
// RUN: %cc_host %s -o %t.full && %cc_host -DFIT %s -o %t.fit
// RUN: env CSAN_OPTIONS=host_log_records=1024 %run %t.full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: env CSAN_OPTIONS=host_log_records=1024 %run %t.fit 2>&1 | FileCheck %s --check-prefix=FIT --implicit-check-not=WARNING
#include "hostrace.h"

#ifdef FIT
#define N 1024
#else
#define N 1500
#endif

int main(void) {
  kernels_register();
  int *host;
  CK(cudaHostAlloc((void **)&host, N * sizeof(int), cudaHostAllocMapped));
  CK(launch(fill, 0, host, N));
  CK(cudaDeviceSynchronize());
  printf("host[N - 1] %d\n", host[N - 1]);
  fflush(stdout); /* before csan's exit message */
  CK(cudaFreeHost(host));
  return 0;
}

// FULL: host[N - 1] 1500
// FULL: csan: WARNING: 476 kernel access(es) to host memory found the host-memory log full: not checked against host code (CSAN_OPTIONS=host_log_records, now 1024)
// FIT: host[N - 1] 1024
