// The end of the epoch window resets the host shadow too. Host records of
// the old window name epochs that the restarted host clock hands out again:
// a host access of the new window whose operation has the same epoch as an
// old record of its bytes would take that record for its own and skip its
// check (the engine's fast path). Here the old window's read of `res` is
// host operation 2; after the restart (__csan_test_advance_epochs stands
// in for 2^31 operations) an access to another buffer takes host operation
// 1 and the racy read of `res` operation 2 again. Race: that read comes
// before the copy into `res` is synchronized and is reported (without the
// reset it was not). Fixed: it synchronizes first, and nothing from the old
// window is reported.
// RUN: %cc_host %s -o %t.race && %cc_host -DFIXED %s -o %t.fixed
// RUN: env CSAN_OPTIONS=verbosity=1 %run %not %t.race 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: env CSAN_OPTIONS=verbosity=1 %run %t.fixed 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not="WARNING: csan: data race"
#include "hostrace.h"

int __csan_test_advance_epochs(cudaStream_t stream, uint32_t n);

int main(void) {
  kernels_register();
  cudaStream_t s;
  CK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  int *dev, *res, *other;
  CK(cudaMalloc((void **)&dev, 64));
  CK(cudaMallocHost((void **)&res, 64));
  CK(cudaMallocHost((void **)&other, 64));
  CK(launch(fill, s, dev, 16));
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s));
  CK(cudaStreamSynchronize(s));
  int total = 0;
  for (int i = 0; i < 16; i++)
    total += res[i]; // the old window's host read
  if (__csan_test_advance_epochs(s, 0x80000000u) != 0)
    return 3;
  fprintf(stderr, "window used up\n");
  CK(launch(fill, s, dev, 16)); // the window restarts here
  other[0] = 1;                  // host operation 1 of the new window
  CK(cudaMemcpyAsync(res, dev, 64, cudaMemcpyDeviceToHost, s)); // COPY-LINE
#ifdef FIXED
  CK(cudaStreamSynchronize(s));
#endif
  total += res[3]; // READ-LINE
  CK(cudaStreamSynchronize(s));
  printf("total %d\n", total);
  return 0;
}

// RACE: window used up
// RACE: csan: the epoch window is used up: synchronized the device, reset the shadow and restarted the clocks
// RACE: WARNING: csan: data race (write-read) on 4 bytes
// RACE-NEXT: Read of size 4 at 0x{{[0-9a-f]+}} by host thread 1 on the host:
// RACE: #0 {{.*}} in main {{.*}}epoch-rebase.c:42:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream
// RACE: #0 {{.*}} in main {{.*}}epoch-rebase.c:38:
// RACE: SUMMARY: csan: data race (write-read)
// FIXED: window used up
// FIXED: csan: the epoch window is used up: synchronized the device, reset the shadow and restarted the clocks
// FIXED: total 140
