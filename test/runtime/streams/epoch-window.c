// The end of the epoch window: when a stream's epoch counter reaches 2^31,
// the next operation synchronizes the device (for csan), reports what the
// race table holds (the race before the window ends is reported once),
// resets the shadow (FREE markers survive, so a use-after-free of memory
// freed before is still reported) and restarts the clocks, naming the
// streams whose work nobody waited for (their checking against later work
// is cut); races after it are found with the new epochs, even where they
// repeat the old ones (slot 2, epoch 1).
// __csan_test_advance_epochs stands in for 2^31 launches.
// RUN: %cc_rt -o %t
// RUN: env CSAN_OPTIONS=verbosity=1 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
KERNEL_STUB(clear)
static int32_t site, clear_site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 2, 4, CSAN_ACC_WRITE, site);
}

static void clear_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 2, 4, CSAN_ACC_WRITE, clear_site);
}

int main(void) {
  site = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  clear_site = fake_cuda_site("clear.cu", 4, 9, "_Z5clearPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  fake_cuda_register_kernel((const void *)clear, "_Z5clearPi", FAKE_TWIN_OK, 1, clear_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *a, *b, *gone;
  CK(__csan_cudaMalloc((void **)&a, 64, SITE));
  CK(__csan_cudaMalloc((void **)&b, 64, SITE));
  CK(__csan_cudaMalloc((void **)&gone, 64, SITE));
  CK(__csan_cudaFree(gone, SITE));
  LAUNCH(fill, s1, &a);
  LAUNCH(fill, s2, &a); /* race 1, in the old window */
  if (__csan_test_advance_epochs(s1, 0x80000000u) != 0)
    NOTE("advance failed");
  NOTE("window used up");
  LAUNCH(fill, s1, &b); /* the window restarts here */
  NOTE("after the rebase, fill on s1 has epoch %u", fake_cuda_last_launch()->ctx.epoch);
  LAUNCH(clear, s2, &b); /* race 2, in the new window: the same slots and epochs as race 1 */
  CK(__csan_cudaMemsetAsync(gone, 0, 8, s2, SITE)); /* use after free */
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end");
  return 0;
}

// CHECK:      window used up
// CHECK:      WARNING: csan: data race (write-write) on 8 bytes
// CHECK:      csan: the epoch window is used up: synchronized the device, reset the shadow and restarted the clocks
// CHECK-NEXT: csan: WARNING: the epoch window is used up and csan restarted its clocks: races between work stream 0x{{[0-9a-f]+}} issued before
// CHECK-NEXT: csan: WARNING: the epoch window is used up and csan restarted its clocks: races between work stream 0x{{[0-9a-f]+}} issued before
// CHECK-NEXT: after the rebase, fill on s1 has epoch 1
// CHECK-DAG:    Write of size 4 at 0x{{[0-9a-f]+}} by kernel clear(int*) on stream
// CHECK-DAG:    Write of size 8 at 0x{{[0-9a-f]+}} by cudaMemsetAsync on stream
// CHECK-DAG:    Previous free by an unknown operation on slot 0:
// CHECK:      end
// CHECK-NEXT: csan: shadow:
// CHECK-NEXT: csan: escalation pool:
// CHECK-NEXT: csan: WARNING: the checking of 2 stream(s) was cut (see the warnings above)
// CHECK-NEXT: csan: reported 3 data race(s)
