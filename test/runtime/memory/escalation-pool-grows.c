// The escalation pool grows while the program runs. Here five parts of a
// buffer are each read by three unordered launches (three streams), so every
// granule of a part keeps three live read records and escalates: 20,000
// blocks in all, from a 1 MiB pool (8,175 blocks). The device says when the
// bump allocator passes three quarters of the capacity, and the next
// launch's context adds a 1 MiB segment first: nothing is lost, and the pool
// grows three times (at 6,131, 12,276 and 18,420 blocks). With growth off,
// the same run loses escalations and says so.
// RUN: %cc_rt -o %t
// RUN: env CSAN_OPTIONS=verbosity=1:pool_mb=1:pool_segment_mb=1 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=GROW < %t.out
// RUN: env CSAN_OPTIONS=verbosity=1:pool_mb=1:pool_segment_mb=1:pool_grow=0 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED < %t.out
#include "rt_test.h"

KERNEL_STUB(gather)
static int32_t site;

#define PART_GRANULES 4000u
#define PARTS 5u

// gather(char *buf, unsigned part): reads every granule of the part.
static void gather_body(const fake_launch *l) {
  char *buf = ARG(l, char *, 0);
  unsigned part = ARG(l, unsigned, 1);
  kernel_accesses(l, buf + (size_t)part * PART_GRANULES * 16, PART_GRANULES, 16, CSAN_ACC_READ,
                  site);
}

int main(void) {
  site = fake_cuda_site("gather.cu", 4, 9, "_Z6gatherPcj", CSAN_ACC_READ, 16);
  fake_cuda_register_kernel((const void *)gather, "_Z6gatherPcj", FAKE_TWIN_OK, 2, gather_body);
  cudaStream_t s[3];
  for (int i = 0; i < 3; i++)
    NONBLOCKING_STREAM(s[i]);
  char *buf;
  CK(__csan_cudaMalloc((void **)&buf, (size_t)PARTS * PART_GRANULES * 16, SITE));
  CK(__csan_cudaMemset(buf, 0, (size_t)PARTS * PART_GRANULES * 16, SITE));
  CK(__csan_cudaDeviceSynchronize(SITE)); /* cudaMemset may return before it is done */
  for (unsigned part = 0; part < PARTS; part++)
    for (int i = 0; i < 3; i++)
      LAUNCH(gather, s[i], &buf, &part);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("end");
  return 0;
}

// GROW:      csan: escalation pool: grown by 1 MiB to 16367 blocks (segment 1 of 7)
// GROW-NEXT: csan: escalation pool: grown by 1 MiB to 24559 blocks (segment 2 of 7)
// GROW-NEXT: csan: escalation pool: grown by 1 MiB to 32751 blocks (segment 3 of 7)
// GROW-NEXT: end
// GROW-NEXT: csan: shadow:
// GROW-NEXT: csan: escalation pool: 20000 of 32750 blocks handed out, 0 free-list operations, 0 escalations found no block
// GROW-NEXT: csan: escalation pool: grew 3 time(s), by 3 MiB in all
// GROW-NOT:  not checked
// GROW-NEXT: exit=0

// FIXED:      end
// FIXED:      csan: escalation pool: {{[0-9]+}} of 8174 blocks handed out, 0 free-list operations, {{[1-9][0-9]*}} escalations found no block
// FIXED-NOT:  grew
// FIXED:      csan: WARNING: {{[0-9]+}} access(es) were not checked: the shadow pool was full; raise CSAN_OPTIONS=pool_mb (now 1)
