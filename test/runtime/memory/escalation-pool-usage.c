// verbosity=1 says how much the escalation pool was used: blocks handed out
// and free-list operations (each a compare-and-swap on a free list on the GPU), so a
// slow run can be told from one whose granules escalate. Here each thread of
// a read-modify-write kernel (y[i] += 1, four floats in one granule, one
// access per thread, the order of a warp that does not merge its accesses)
// leaves a third record in the granule for a moment: the granule escalates
// and comes back at every launch. With the launches' accesses merged into
// whole granules (the GPU's warp aggregation) the pool stays unused.
// RUN: %cc_rt -o %t
// RUN: env CSAN_OPTIONS=verbosity=1 %run %t threads > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=THREADS < %t.out
// RUN: env CSAN_OPTIONS=verbosity=1 %run %t merged > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=MERGED < %t.out
#include "rt_test.h"

KERNEL_STUB(rmw)
static int32_t read_site, write_site;
static int merged;

// rmw(float *y): y[0..3] += 1 (reads first, then writes, lane by lane).
static void rmw_body(const fake_launch *l) {
  float *y = ARG(l, float *, 0);
  if (merged) {
    fake_cuda_access(l, y, 16, CSAN_ACC_READ, read_site);
    fake_cuda_access(l, y, 16, CSAN_ACC_WRITE, write_site);
    return;
  }
  kernel_accesses(l, y, 4, sizeof(float), CSAN_ACC_READ, read_site);
  kernel_accesses(l, y, 4, sizeof(float), CSAN_ACC_WRITE, write_site);
}

int main(int argc, char **argv) {
  merged = argc > 1 && !strcmp(argv[1], "merged");
  read_site = fake_cuda_site("rmw.cu", 3, 7, "_Z3rmwPf", CSAN_ACC_READ, 4);
  write_site = fake_cuda_site("rmw.cu", 3, 5, "_Z3rmwPf", CSAN_ACC_WRITE, 4);
  fake_cuda_register_kernel((const void *)rmw, "_Z3rmwPf", FAKE_TWIN_OK, 1, rmw_body);
  cudaStream_t s;
  NONBLOCKING_STREAM(s);
  float *y;
  CK(__csan_cudaMalloc((void **)&y, 16, SITE));
  CK(__csan_cudaMemsetAsync(y, 0, 16, s, SITE));
  for (int i = 0; i < 3; i++)
    LAUNCH(rmw, s, &y);
  CK(__csan_cudaStreamSynchronize(s, SITE));
  NOTE("end");
  return 0;
}

// The first launch's writes escalate (a block from the bump allocator) and
// come back (a push); each later launch's writes escalate again (a pop) and
// come back (a push): 1 + 2 x 2 = 5 operations. Its reads do not: the
// previous launch's read, which its own write covers, folds into that write
// rather than make a third record (csan_sh_fold_same_op).
// THREADS: end
// THREADS-NEXT: csan: shadow:
// THREADS-NEXT: csan: escalation pool: 1 of {{[0-9]+}} blocks handed out, 5 free-list operations, 0 escalations found no block
// THREADS-NEXT: exit=0

// MERGED: end
// MERGED-NEXT: csan: shadow:
// MERGED-NEXT: csan: escalation pool: 0 of {{[0-9]+}} blocks handed out, 0 free-list operations, 0 escalations found no block
// MERGED-NEXT: exit=0
