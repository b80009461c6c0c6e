// A query that returns cudaSuccess is a host wait: cudaEventQuery of an
// event recorded after a kernel orders the kernel before everything issued
// afterwards, on any stream (likewise cudaStreamQuery and
// cudaEventSynchronize). Without the query the later memset races.
// RUN: %cc_rt -o %t
// RUN: %run %t none > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=NONE < %t.out
// RUN: %run %t event-query > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ORDERED --implicit-check-not=WARNING < %t.out
// RUN: %run %t stream-query > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ORDERED --implicit-check-not=WARNING < %t.out
// RUN: %run %t event-sync > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ORDERED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t site;

static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 1, 4, CSAN_ACC_WRITE, site);
}

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "none";
  site = fake_cuda_site("fill.cu", 3, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  cudaEvent_t e;
  CK(__csan_cudaEventCreate(&e, SITE));
  int *p;
  CK(__csan_cudaMalloc((void **)&p, 4, SITE));
  LAUNCH(fill, s1, &p);
  CK(__csan_cudaEventRecord(e, s1, SITE));
  if (!strcmp(how, "event-query"))
    CK(__csan_cudaEventQuery(e, SITE));
  else if (!strcmp(how, "stream-query"))
    CK(__csan_cudaStreamQuery(s1, SITE));
  else if (!strcmp(how, "event-sync"))
    CK(__csan_cudaEventSynchronize(e, SITE));
  CK(__csan_cudaMemsetAsync(p, 0, 4, s2, SITE));
  CK(__csan_cudaStreamSynchronize(s2, SITE));
  NOTE("end");
  return 0;
}

// NONE:      WARNING: csan: data race (write-write) on 4 bytes
// NONE:      end
// NONE-NEXT: csan: reported 1 data race(s)
// NONE-NEXT: exit=66

// ORDERED:      end
// ORDERED-NEXT: exit=0
