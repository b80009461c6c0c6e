// include/csan/csan.h: a named stream appears by its name in reports (and a
// name removed again does not), csan_race_count() counts a race once the host
// waited for it; without a race the count stays 0. csan_enabled() is true
// under the runtime.
// RUN: %cc_rt -I%csan_src/include -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

#include <csan/csan.h>

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  NOTE("enabled %d", csan_enabled());
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  csan_name_stream(s1, "uploads");
  csan_name_stream(s2, "scratch");
  csan_name_stream(s2, NULL); /* unnamed again: reported by handle */
  char *buf;
  char host[64] = {0};
  CK(__csan_cudaMalloc((void **)&buf, 64, SITE));
  cudaEvent_t ev;
  CK(__csan_cudaEventCreate(&ev, SITE));
  CK(__csan_cudaMemcpyAsync(buf, host, 64, cudaMemcpyHostToDevice, s1, SITE));
  CK(__csan_cudaEventRecord(ev, s1, SITE));
  if (!race) CK(__csan_cudaStreamWaitEvent(s2, ev, 0, SITE));
  CK(__csan_cudaMemsetAsync(buf, 1, 64, s2, SITE));
  NOTE("before the wait: %llu", csan_race_count());
  /* The fake completes work at issue time; a query that succeeds is a host
   * wait, after which the race is reported. */
  if (__csan_cudaStreamQuery(s2, SITE) != cudaSuccess) return 3;
  NOTE("after the wait: %llu", csan_race_count());
  return 0;
}

// RACE: enabled 1
// RACE-NEXT: before the wait: 0
// RACE-NEXT: ==================
// RACE-NEXT: WARNING: csan: data race (write-write) on 64 bytes
// RACE-NEXT: Write of size 64 at {{.*}} by cudaMemsetAsync on stream 0x{{[0-9a-f]+}}:
// RACE: Previous write of size 64 by cudaMemcpyAsync on stream uploads:
// RACE: after the wait: 1
// RACE: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: enabled 1
// FIXED: before the wait: 0
// FIXED-NEXT: after the wait: 0
// FIXED-NEXT: exit=0
