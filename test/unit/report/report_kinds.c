// Race kinds come from the earlier record and the reporting access
// (write-write, read-write, write-read, use-after-free when either is a
// free); access lines name atomics and allocations. Reports check that the
// words reach the text.
// RUN: %cc_core -o %t && %t 2>&1 | FileCheck %s
#include "../Inputs/report_env.h"

static void kind(uint32_t acc, uint32_t prev) {
  fprintf(stderr, "%s after %s: %s\n", csan_access_name(acc, false), csan_access_name(prev, true),
          csan_race_kind(acc, prev));
}

int main(void) {
  const uint32_t R = CSAN_ACC_READ, W = CSAN_ACC_WRITE, AR = CSAN_ACC_ATOMIC,
                 AW = CSAN_ACC_ATOMIC | CSAN_ACC_WRITE, F = CSAN_ACC_FREE | CSAN_ACC_WRITE,
                 AL = CSAN_ACC_ALLOC | CSAN_ACC_WRITE;
  kind(W, W);   // CHECK: Write after write: write-write
  kind(W, R);   // CHECK-NEXT: Write after read: read-write
  kind(R, W);   // CHECK-NEXT: Read after write: write-read
  kind(AR, W);  // CHECK-NEXT: Atomic read after write: write-read
  kind(W, AR);  // CHECK-NEXT: Write after atomic read: read-write
  kind(R, AW);  // CHECK-NEXT: Read after atomic write: write-read
  kind(AW, W);  // CHECK-NEXT: Atomic write after write: write-write
  kind(R, F);   // CHECK-NEXT: Read after free: use-after-free
  kind(F, R);   // CHECK-NEXT: Free after read: use-after-free
  kind(AL, R);  // CHECK-NEXT: Allocation after read: read-write
  kind(W, AL);  // CHECK-NEXT: Write after allocation: write-write
  fprintf(stderr, "tag: w=%u aw=%u free=%u read=%u\n", csan_tag_access(CSAN_TAG_WRITE),
          csan_tag_access(CSAN_TAG_WRITE | CSAN_TAG_ATOMIC), csan_tag_access(CSAN_TAG_FREE),
          csan_tag_access(0));
  // CHECK-NEXT: tag: w=1 aw=3 free=5 read=0

  csan_flags flags;
  csan_flags_defaults(&flags);
  flags.host_stack_depth = 0;
  csan_report_env env;
  env_init(&env, true);
  add_alloc(0x1000, 0x1000, "cudaMalloc", NULL, "app.cu", "main", 5, 3, 0);
  add_site(1, "k.cu", "_Z3incPi", 10, 3, CSAN_ACC_ATOMIC | CSAN_ACC_WRITE, 4);
  add_site(2, "k.cu", "_Z1rPi", 20, 3, CSAN_ACC_READ, 4);
  add_op(1, 1, 1, CSAN_OPK_KERNEL, "_Z3incPi", 0xa, NULL, "app.cu", "main", 30, 5, 0, 0);
  add_op(2, 2, 1, CSAN_OPK_KERNEL, "_Z1rPi", 0xb, NULL, "app.cu", "main", 31, 5, 0, 0);
  add_op(3, 3, 1, CSAN_OPK_ALLOC, "cudaMallocAsync", 0xc, NULL, "app.cu", "main", 32, 5, 0, 256);
  add_op(4, 2, 2, CSAN_OPK_KERNEL, "_Z1rPi", 0xb, NULL, "app.cu", "main", 33, 5, 0, 0);
  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  csan_race e[] = {
      // An atomic add racing with a later plain read.
      make_race(2, 1, CSAN_ACC_READ, 4, 2, 1, 1, CSAN_TAG_WRITE | CSAN_TAG_ATOMIC, 1, 0x1000,
                0x1004),
      // The plain read racing with a later atomic add.
      make_race(1, 1, CSAN_ACC_ATOMIC | CSAN_ACC_WRITE, 4, 1, 2, 1, 0, 2, 0x1010, 0x1014),
      // A stream-ordered allocation meeting an unordered read of the bytes...
      make_race(3, 1, CSAN_ACC_ALLOC | CSAN_ACC_WRITE, 0, 0, 2, 1, 0, 2, 0x1100, 0x1200),
      // ... and a read meeting the allocation's record.
      make_race(2, 2, CSAN_ACC_READ, 4, 2, 3, 1, CSAN_TAG_WRITE, 0, 0x1100, 0x1104),
  };
  csan_report_races(r, e, 4);
  csan_report_finish(r, 0, NULL);
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// CHECK: WARNING: csan: data race (write-read) on 4 bytes at 0x1000
// CHECK-NEXT:   Read of size 4 at 0x1000 by kernel r(int*) on stream 0xb:
// CHECK:   Previous atomic write of size 4 by kernel inc(int*) on stream 0xa:
// CHECK: WARNING: csan: data race (read-write) on 4 bytes at 0x1010
// CHECK-NEXT:   Atomic write of size 4 at 0x1010 by kernel inc(int*) on stream 0xa:
// CHECK:   Previous read of size 4 by kernel r(int*) on stream 0xb:
// CHECK: WARNING: csan: data race (read-write) on 256 bytes at 0x1100
// CHECK-NEXT:   Allocation of size 256 at 0x1100 by cudaMallocAsync on stream 0xc:
// CHECK:   Previous read of size 4 by kernel r(int*) on stream 0xb:
// CHECK: WARNING: csan: data race (write-read) on 4 bytes at 0x1100
// CHECK-NEXT:   Read of size 4 at 0x1100 by kernel r(int*) on stream 0xb:
// CHECK:   Previous allocation of size 256 by cudaMallocAsync on stream 0xc:
// CHECK: csan: reported 4 data race(s)
