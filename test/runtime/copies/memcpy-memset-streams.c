// A cudaMemcpyAsync and a cudaMemsetAsync that overlap, on two non-blocking
// streams: a write-write race on the overlapping bytes, naming both
// operations, their streams and the allocation with its site. Recording an
// event after the copy and making the memset's stream wait for it orders
// them: nothing is reported and the program's exit status stands.
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  char *buf;
  char host[256] = {0};
  CK(__csan_cudaMalloc((void **)&buf, 256, SITE)); int alloc_line = __LINE__;
  cudaEvent_t ev;
  CK(__csan_cudaEventCreate(&ev, SITE));
  NOTE("lines %d %d %d", alloc_line, __LINE__ + 1, __LINE__ + 4);
  CK(__csan_cudaMemcpyAsync(buf, host, 128, cudaMemcpyHostToDevice, s1, SITE));
  CK(__csan_cudaEventRecord(ev, s1, SITE));
  if (!race) CK(__csan_cudaStreamWaitEvent(s2, ev, 0, SITE));
  CK(__csan_cudaMemsetAsync(buf + 64, 1, 128, s2, SITE));
  CK(__csan_cudaStreamSynchronize(s2, SITE));
  NOTE("synchronized");
  return 0;
}

// RACE: lines [[#ALLOC:]] [[#COPY:]] [[#SET:]]
// RACE-NEXT: ==================
// RACE-NEXT: WARNING: csan: data race (write-write) on 64 bytes at 0x[[#%x,ADDR:]]
// RACE-NEXT:   Write of size 128 at 0x[[#ADDR]] by cudaMemsetAsync on stream 0x[[#%x,S2:]]:
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}memcpy-memset-streams.c:[[#SET]]
// RACE:        Previous write of size 128 by cudaMemcpyAsync on stream 0x[[#%x,S1:]]:
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}memcpy-memset-streams.c:[[#COPY]]
// RACE:        Location: bytes [64, 128) of a 256-byte allocation at 0x{{[0-9a-f]+}} made by cudaMalloc at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}memcpy-memset-streams.c:[[#ALLOC]]
// RACE:      SUMMARY: csan: data race (write-write) {{.*}}memcpy-memset-streams.c:[[#SET]]:3 in main
// RACE-NEXT: ==================
// RACE-NEXT: synchronized
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: synchronized
// FIXED-NEXT: exit=0
