// A thread's per-thread default stream goes away with the thread: 300
// threads, one after the other, each launching on its own per-thread stream,
// need more than the 254 stream slots over the run but never more than a few
// at once, so the run goes on instead of failing for slots: when the table
// is full the slot of the stream retired longest ago is reused, without a
// device synchronization; the work of those exited threads' streams, which
// nobody waited for, has its checking cut, and csan says so.
// RUN: %cc_rt -o %t
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --implicit-check-not=ERROR < %t.out
#include <pthread.h>

#include "rt_test.h"

KERNEL_STUB(idle)

static void *thread(void *arg) {
  (void)arg;
  void *args[1];
  dim3 g = {1, 1, 1}, b = {1, 1, 1};
  CK(__csan_cudaLaunchKernel_ptsz((const void *)idle, g, b, args, 0, NULL, SITE));
  return NULL;
}

int main(void) {
  fake_cuda_register_kernel((const void *)idle, "_Z4idlev", FAKE_TWIN_OK, 0, NULL);
  for (int i = 0; i < 300; i++) {
    pthread_t t;
    pthread_create(&t, NULL, thread, NULL);
    pthread_join(t, NULL);
  }
  NOTE("300 threads, %lu instrumented launches, %lu device synchronizations",
       fake_cuda_count("launch:twin"), fake_cuda_count("cudaDeviceSynchronize"));
  return 0;
}

// CHECK:      csan: WARNING: all 254 stream slots are in use; the slot of a destroyed stream is reused: races between work stream per-thread issued before this point
// CHECK:      300 threads, 300 instrumented launches, 0 device synchronizations
// CHECK-NEXT: csan: WARNING: the checking of 46 stream(s) was cut (see the warnings above)
// CHECK-NEXT: exit=0
