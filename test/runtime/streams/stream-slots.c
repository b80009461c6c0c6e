// Streams live in 254 slots. Destroyed streams keep theirs until the host
// has observed their work, so creating a stream when every slot is taken by
// live or unobserved streams reuses the slot destroyed longest ago without
// synchronizing the device (that would make all earlier work look ordered),
// names the destroyed stream whose checking that cuts, and goes on
// (RECOVER). When 254 streams are really alive, creating another is a fatal
// error with a clear message (FULL).
// RUN: %cc_rt -I%csan_src/include -o %t
// RUN: %run %t recover > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RECOVER < %t.out
// RUN: %run %t full > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FULL < %t.out
#include "rt_test.h"

#include <csan/csan.h>

KERNEL_STUB(idle)

int main(int argc, char **argv) {
  int full = argc > 1 && !strcmp(argv[1], "full");
  fake_cuda_register_kernel((const void *)idle, "_Z4idlev", FAKE_TWIN_OK, 0, NULL);
  static cudaStream_t s[300];
  for (int i = 0; i < 254; i++) {
    CK(__csan_cudaStreamCreate(&s[i], SITE));
    LAUNCH(idle, s[i], NULL); /* work the host never waits for */
  }
  NOTE("254 streams, %lu device synchronizations", fake_cuda_count("cudaDeviceSynchronize"));
  if (!full) {
    csan_name_stream(s[7], "seventh");
    CK(__csan_cudaStreamDestroy(s[7], SITE));
  }
  CK(__csan_cudaStreamCreate(&s[254], SITE));
  NOTE("one more, %lu device synchronizations", fake_cuda_count("cudaDeviceSynchronize"));
  LAUNCH(idle, s[254], NULL);
  CK(__csan_cudaStreamSynchronize(s[254], SITE));
  NOTE("done");
  return 0;
}

// RECOVER:      254 streams, 0 device synchronizations
// RECOVER-NEXT: csan: WARNING: all 254 stream slots are in use; the slot of a destroyed stream is reused: races between work stream seventh issued before this point (work the program never waited for) and later work are not reported
// RECOVER-NEXT: one more, 0 device synchronizations
// RECOVER-NEXT: done
// RECOVER-NEXT: csan: WARNING: the checking of 1 stream(s) was cut (see the warnings above)
// RECOVER-NEXT: exit=0

// FULL:      254 streams, 0 device synchronizations
// FULL-NEXT: csan: ERROR: 254 CUDA streams are alive and the program creates another; csan tells streams apart by an 8-bit slot and supports at most 254 live streams besides the default stream
// FULL-NEXT: exit=1
