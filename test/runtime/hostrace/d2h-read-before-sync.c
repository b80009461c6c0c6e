// The host reads a pinned result buffer that cudaMemcpyAsync is still
// filling: the cudaStreamSynchronize comes after the read. The fixed twin
// synchronizes first. The report names the host read (its line and stack),
// the copy (its line) and the pinned buffer's allocation.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING
#include "hostrace.h"

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev, *res;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMallocHost((void **)&res, 64)); // ALLOC-LINE
  CK(launch(fill, s, dev, 16));
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s)); // COPY-LINE
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  int total = 0;
  for (int i = 0; i < 16; i++)
    total += res[i]; // READ-LINE
  CK(cudaStreamSynchronize(s));
  printf("total %d\n", total);
  CK(cudaFreeHost(res));
  CK(cudaFree(dev));
  return 0;
}

// RACE: WARNING: csan: data race (write-read) on 4 bytes at 0x
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}}main {{.*}}d2h-read-before-sync.c:24:14
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// RACE: #0 {{.*}}main {{.*}}d2h-read-before-sync.c:18:
// RACE: Location: {{.*}} made by cudaMallocHost at:
// RACE: #0 {{.*}}main {{.*}}d2h-read-before-sync.c:16:
// RACE: SUMMARY: csan: data race (write-read)
// FIXED: total 136
