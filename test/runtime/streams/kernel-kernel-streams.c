// Two kernels on two non-blocking streams touch the same bytes: a race
// reported with both device sites, the reporting thread's coordinates and
// both launches. cudaStreamWaitEvent on an event recorded after the first
// kernel orders them. The reader reads after the writer wrote (write-read).
// RUN: %cc_rt -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=WARNING < %t.out
#include "rt_test.h"

KERNEL_STUB(produce)
KERNEL_STUB(consume)
static int32_t write_site, read_site;

static void produce_body(const fake_launch *l) {
  kernel_accesses(l, ARG(l, int *, 0), 16, 4, CSAN_ACC_WRITE, write_site);
}

static void consume_body(const fake_launch *l) {
  int *p = ARG(l, int *, 0);
  int n = ARG(l, int, 1);
  fake_cuda_access(l, p + n, 4, CSAN_ACC_READ, read_site);
}

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  write_site = fake_cuda_site("race.cu", 12, 5, "_Z7producePi", CSAN_ACC_WRITE, 4);
  read_site = fake_cuda_site("race.cu", 20, 7, "_Z7consumePii", CSAN_ACC_READ, 4);
  fake_cuda_register_kernel((const void *)produce, "_Z7producePi", FAKE_TWIN_OK, 1, produce_body);
  fake_cuda_register_kernel((const void *)consume, "_Z7consumePii", FAKE_TWIN_OK, 2, consume_body);
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  cudaEvent_t done;
  CK(__csan_cudaEventCreateWithFlags(&done, cudaEventDisableTiming, SITE));
  int *buf, n = 5;
  CK(__csan_cudaMalloc((void **)&buf, 1024, SITE));
  LAUNCH(produce, s1, &buf);
  CK(__csan_cudaEventRecord(done, s1, SITE));
  if (!race)
    CK(__csan_cudaStreamWaitEvent(s2, done, 0, SITE));
  LAUNCH(consume, s2, &buf, &n);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("after sync");
  return 0;
}

// RACE:      WARNING: csan: data race (write-read) on 4 bytes at 0x[[#%x,ADDR:]]
// RACE-NEXT:   Read of size 4 at 0x[[#ADDR]] by kernel consume(int*, int) on stream 0x{{[0-9a-f]+}}:
// RACE-NEXT:     #0 consume(int*, int) race.cu:20:7
// RACE-NEXT:     block (0,0,0), thread (0,0,0); operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}kernel-kernel-streams.c:[[#]]
// RACE:        Previous write of size 4 by kernel produce(int*) on stream 0x{{[0-9a-f]+}}:
// RACE-NEXT:     #0 produce(int*) race.cu:12:5
// RACE:        Location: bytes [20, 24) of a 1024-byte allocation
// RACE:      SUMMARY: csan: data race (write-read) race.cu:20:7 in consume(int*, int)
// RACE:      after sync
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED: after sync
// FIXED-NEXT: exit=0
