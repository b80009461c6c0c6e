// Launch records: numbered per slot from 1, in one global issue order; found
// by (slot, number) until 64 later launches of the slot replace them; a
// launch that failed at once gives its number back; a snapshot pairs each
// slot's markers with the issue order of the launch each names.
// RUN: %cc_core -o %t && %t | FileCheck %s
#include <stdio.h>
#include <string.h>

#include "csan_faults.h"

static uint32_t launch(uint32_t slot, const char *kernel, unsigned line) {
  csan_fault_launch l;
  memset(&l, 0, sizeof l);
  l.kernel = kernel;
  l.site = (csan_host_site){"app.cu", "main", line, 5};
  return csan_faults_launch(&l, slot);
}

static void find(uint32_t slot, uint32_t seq) {
  csan_fault_launch l;
  if (csan_faults_find(slot, seq, &l))
    printf("(%u,%u): %s at %s:%u order %llu\n", slot, seq, l.kernel, l.site.file, l.site.line,
           (unsigned long long)l.order);
  else
    printf("(%u,%u): none\n", slot, seq);
}

int main(void) {
  uint32_t a = launch(3, "_Z1av", 10);
  uint32_t b = launch(3, "_Z1bv", 11);
  uint32_t c = launch(5, "_Z1cv", 12);
  printf("%u %u %u\n", a, b, c);
  // CHECK: 1 2 1
  find(3, 2);
  // CHECK-NEXT: (3,2): _Z1bv at app.cu:11 order 2
  find(5, 1);
  // CHECK-NEXT: (5,1): _Z1cv at app.cu:12 order 3
  find(5, 2);
  // CHECK-NEXT: (5,2): none

  uint32_t failed = launch(5, "_Z1dv", 13);
  csan_faults_unlaunch(5, failed);
  uint32_t issued = csan_faults_issued(5);
  printf("after a failed launch: issued %u, next %u\n", issued, launch(5, "_Z1ev", 14));
  // CHECK-NEXT: after a failed launch: issued 1, next 2
  find(5, 2);
  // CHECK-NEXT: (5,2): _Z1ev at app.cu:14 order 5

  volatile uint32_t started[CSAN_FAULTS_SLOTS] = {0}, done[CSAN_FAULTS_SLOTS] = {0};
  started[3] = 2, done[3] = 1, started[5] = 1, done[5] = 1;
  csan_fault_progress p[8];
  size_t n = csan_faults_snapshot(started, done, p, 8);
  for (size_t i = 0; i < n; i++)
    printf("slot %u: issued %u started %u done %u, started order %llu, head order %llu\n",
           p[i].slot, p[i].issued, p[i].started, p[i].done,
           (unsigned long long)p[i].started_order, (unsigned long long)p[i].head_order);
  // CHECK-NEXT: slot 3: issued 2 started 2 done 1, started order 2, head order 2
  // CHECK-NEXT: slot 5: issued 2 started 1 done 1, started order 3, head order 5

  for (unsigned i = 0; i < CSAN_FAULTS_RING; i++)
    launch(3, "_Z1fv", 20);
  find(3, 2);
  // CHECK-NEXT: (3,2): none
  find(3, 66);
  // CHECK-NEXT: (3,66): _Z1fv at app.cu:20 order 69

  csan_faults_reset();
  find(3, 66);
  // CHECK-NEXT: (3,66): none
  return 0;
}
