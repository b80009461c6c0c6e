// A kernel's accesses to host memory wait in the device's log until the
// host replays them; accesses that find the log full are not checked, and
// csan says how many at exit. The fake appends one record per access, and
// its kernels run inside the launch, so 20000 accesses leave 20000 - 16384
// (the log's records) behind. The twin's 16384 fit.
// RUN: %cc_host %s -o %t.full && %cc_host -DFIT %s -o %t.fit
// RUN: %run %t.full 2>&1 | FileCheck %s --check-prefix=FULL
// RUN: %run %t.fit 2>&1 | FileCheck %s --check-prefix=FIT --implicit-check-not=WARNING
#include "hostrace.h"

#ifdef FIT
#define N 16384
#else
#define N 20000
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

// FULL: host[N - 1] 20000
// FULL: csan: WARNING: 3616 kernel access(es) to host memory found the host-memory log full: not checked against host code
// FIT: host[N - 1] 16384
