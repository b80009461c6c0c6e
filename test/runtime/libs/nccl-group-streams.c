// NCCL groups: the calls between ncclGroupStart and ncclGroupEnd are issued
// at ncclGroupEnd, and a group that uses several streams is one operation
// on all of them (NCCL: every stream waits for the others before, and for
// the group after). Here ncclSend reads `a` on s1 and ncclRecv writes `b`
// on s2 in one group; a kernel on s2 after the group is ordered after the
// send too (FIXED), while the same kernel on an unrelated stream s3 races
// with the send's read of `a` (read-write). A group whose ncclGroupEnd fails
// issued nothing, so nothing races (GROUPFAIL).
// RUN: %cc_rt -Wl,--no-as-needed -lnccl -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
// RUN: env FAKE_NCCL_GROUP_FAIL=1 %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=GROUPFAIL --implicit-check-not=WARNING < %t.out
#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s1, s2, s3;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  NONBLOCKING_STREAM(s3);
  float *a, *b;
  CK(__csan_cudaMalloc((void **)&a, 64 * sizeof(float), SITE));
  CK(__csan_cudaMalloc((void **)&b, 64 * sizeof(float), SITE));
  ncclComm_t comms[2];
  int devs[2] = {0, 0};
  LK(ncclCommInitAll(comms, 2, devs));
  LK(__csan_ncclGroupStart(SITE));
  LK(__csan_ncclSend(a, 64, ncclFloat, 1, comms[0], s1, SITE));
  LK(__csan_ncclRecv(b, 64, ncclFloat, 0, comms[1], s2, SITE));
  ncclResult_t r = __csan_ncclGroupEnd(SITE);
  NOTE("group end: %d", (int)r);
  KWRITE(race ? s3 : s2, a, 256);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("done");
  return 0;
}

// RACE:      group end: 0
// RACE:      WARNING: csan: data race (read-write) on 256 bytes at
// RACE-NEXT:   Write of size 4 at {{.*}} by kernel kwrite(void*, unsigned long) on stream
// RACE:        Previous read by ncclSend on stream
// RACE:      csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: group end: 0
// FIXED: done
// FIXED-NEXT: exit=0

// GROUPFAIL: group end: {{[1-9][0-9]*}}
// GROUPFAIL: done
// GROUPFAIL-NEXT: exit=0
