// A kernel K writes mapped pinned memory on s1 while a device-to-host copy
// Y writes the same bytes on s2 (a race). Then s1 waits for Y, and a copy C
// on s1 writes the bytes too: C is ordered after both. C's host side is
// recorded when it is issued, before K's logged writes are replayed; if
// C's record superseded Y's, K's replay would meet C (ordered after it)
// and never Y. While a kernel with a host hull may still have records on
// the way, csan lets device operations' records keep the others
// (CSAN_CTX_F_KEEP_OTHERS), so the race of K and Y is reported. The fixed
// twin orders Y after K.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s1, s2;
  CK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t k_done, y_done;
  CK(cudaEventCreate(&k_done));
  CK(cudaEventCreate(&y_done));
  int *host, *dev;
  CK(cudaHostAlloc((void **)&host, 64, cudaHostAllocMapped));
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMemset(dev, 0, 64));
  CK(cudaDeviceSynchronize());
  CK(launch(fill, s1, host, 16)); /* K */
#ifdef FIXED
  CK(cudaEventRecord(k_done, s1));
  CK(cudaStreamWaitEvent(s2, k_done, 0));
#endif
  CK(cudaMemcpyAsync(host, dev, 64, cudaMemcpyDeviceToHost, s2)); /* Y */
  CK(cudaEventRecord(y_done, s2));
  CK(cudaStreamWaitEvent(s1, y_done, 0));
  CK(cudaMemcpyAsync(host, dev, 64, cudaMemcpyDeviceToHost, s1)); /* C */
  CK(cudaDeviceSynchronize());
  printf("done\n");
  fflush(stdout);
  return 0;
}

// RACE: WARNING: csan: data race (write-write)
// RACE: kernel fill(int*, int) on stream
// RACE: cudaMemcpyAsync
// RACE: done
// FIXED: done
