// A synchronization reads csan's race table from the device only when the
// device said it recorded a race there (csan_pool.race_notify, a
// host-mapped word its slow path sets): ten race-free launches, each
// followed by a synchronization, make no device read, where each used to
// cost a round trip. A race is still reported at the synchronization that
// follows it, not at exit. The fixed twin orders the second writer.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)
static int32_t fill_site;

// fill(int *p): p[0..3] = ...
static void fill_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 4, sizeof(int), CSAN_ACC_WRITE, fill_site);
}

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  fill_site = fake_cuda_site("fill.cu", 5, 9, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, fill_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  LAUNCH(fill, s1, &buf);
  CK(__csan_cudaStreamSynchronize(s1, SITE)); /* csan's set-up is behind us */
  unsigned long before = fake_cuda_count("cuMemcpyDtoHAsync");
  for (int i = 0; i < 10; i++) {
    LAUNCH(fill, s1, &buf);
    CK(__csan_cudaStreamSynchronize(s1, SITE));
  }
  NOTE("device reads during 10 race-free launches and synchronizations: %lu",
       fake_cuda_count("cuMemcpyDtoHAsync") - before);
  LAUNCH(fill, s1, &buf);
  if (!race)
    CK(__csan_cudaStreamSynchronize(s1, SITE));
  LAUNCH(fill, s2, &buf);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("synchronized after the second writer");
  return 0;
}

// RACE:      device reads during 10 race-free launches and synchronizations: 0
// RACE-NEXT: ==================
// RACE-NEXT: WARNING: csan: data race (write-write) on 16 bytes at
// RACE:      SUMMARY: csan: data race (write-write) fill.cu:5:9 in fill(int*)
// RACE-NEXT: ==================
// RACE-NEXT: synchronized after the second writer
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED:      device reads during 10 race-free launches and synchronizations: 0
// FIXED-NEXT: synchronized after the second writer
// FIXED-NEXT: exit=0
