// Streams and events created by code csan did not see (a library built
// without csan) are added on first use: a blocking stream takes part in the
// legacy stream's barriers, a non-blocking one does not (as
// cuStreamGetFlags says), and an event recorded through csan orders a wait
// on it.
// RUN: %cc_rt -o %t
// RUN: %run %t blocking > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ORDERED --implicit-check-not=WARNING < %t.out
// RUN: %run %t event > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ORDERED --implicit-check-not=WARNING < %t.out
// RUN: %run %t nonblocking > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "blocking";
  site = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  int *p;
  CK(__csan_cudaMalloc((void **)&p, 4, SITE));
  /* The library's stream and event, made behind csan's back. */
  cudaStream_t lib;
  cudaEvent_t lib_event;
  CK(cudaStreamCreateWithFlags(&lib, strcmp(how, "blocking") ? cudaStreamNonBlocking
                                                              : cudaStreamDefault));
  CK(cudaEventCreate(&lib_event));
  LAUNCH(fill, 0, &p);
  if (!strcmp(how, "event")) {
    CK(__csan_cudaEventRecord(lib_event, 0, SITE));
    CK(__csan_cudaStreamWaitEvent(lib, lib_event, 0, SITE));
  }
  LAUNCH(fill, lib, &p);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end");
  return 0;
}

// ORDERED: end
// ORDERED-NEXT: exit=0

// RACE:      WARNING: csan: data race (write-write) on 4 bytes
// RACE:        Previous write of size 4 by kernel fill(int*) on stream legacy:
// RACE:      end
// RACE-NEXT: csan: reported 1 data race(s)
