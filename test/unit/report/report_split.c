// One race entry whose byte range spans several allocations gives one
// report per allocation, each with its own offsets, and none for the gap
// between them (the range is a hull of conflicting bytes, not a run of
// them). A range inside one allocation gives one report; a range that meets
// no allocation gives one report that says so.
// RUN: %cc_core -o %t && %t 2>&1 | FileCheck %s
#include "../Inputs/report_env.h"

int main(void) {
  csan_flags flags;
  csan_flags_defaults(&flags);
  flags.host_stack_depth = 0;
  csan_report_env env;
  env_init(&env, true);
  add_site(1, "k.cu", "_Z1wPc", 10, 3, CSAN_ACC_WRITE, 1);
  add_site(2, "k.cu", "_Z1wPc", 11, 3, CSAN_ACC_WRITE, 1);
  add_alloc(0x1000, 0x100, "cudaMalloc", NULL, "app.cu", "main", 5, 3, 0);
  add_alloc(0x1100, 0x80, "cudaMallocAsync", NULL, "app.cu", "main", 6, 3, 0);
  add_alloc(0x1200, 0x100, "cudaMalloc", NULL, "app.cu", "main", 7, 3, 0);
  add_op(1, 1, 1, CSAN_OPK_KERNEL, "_Z1wPc", 0xa, NULL, "app.cu", "main", 30, 5, 0, 0);
  add_op(2, 2, 1, CSAN_OPK_KERNEL, "_Z1wPc", 0xb, NULL, "app.cu", "main", 31, 5, 0, 0);
  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  csan_race e[] = {
      // [0x10f0, 0x1210): 16 bytes of the first, all of the second, a gap of
      // 0x80 bytes, 16 bytes of the third.
      make_race(2, 1, CSAN_ACC_WRITE, 1, 1, 1, 1, CSAN_TAG_WRITE, 1, 0x10f0, 0x1210),
      // Inside one allocation.
      make_race(2, 1, CSAN_ACC_WRITE, 1, 2, 1, 1, CSAN_TAG_WRITE, 1, 0x1204, 0x1208),
      // In no allocation.
      make_race(2, 1, CSAN_ACC_WRITE, 2, 2, 1, 1, CSAN_TAG_WRITE, 2, 0x9000, 0x9010),
  };
  fprintf(stderr, "printed %zu\n", csan_report_races(r, e, 3));
  csan_report_finish(r, 0, NULL);
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// CHECK: WARNING: csan: data race (write-write) on 16 bytes at 0x10f0
// CHECK:   Location: bytes [240, 256) of a 256-byte allocation at 0x1000 made by cudaMalloc at:
// CHECK-NEXT:       #0 main app.cu:5:3
// CHECK: WARNING: csan: data race (write-write) on 128 bytes at 0x1100
// CHECK:   Location: bytes [0, 128) of a 128-byte allocation at 0x1100 made by cudaMallocAsync at:
// CHECK-NOT: 0x1180
// CHECK: WARNING: csan: data race (write-write) on 16 bytes at 0x1200
// CHECK:   Location: bytes [0, 16) of a 256-byte allocation at 0x1200 made by cudaMalloc at:
// CHECK: WARNING: csan: data race (write-write) on 4 bytes at 0x1204
// CHECK:   Location: bytes [4, 8) of a 256-byte allocation at 0x1200 made by cudaMalloc at:
// CHECK: WARNING: csan: data race (write-write) on 16 bytes at 0x9000
// CHECK:   Location: 16 bytes at 0x9000, in no allocation csan knows of
// CHECK-NOT: WARNING
// CHECK: printed 5
// CHECK: csan: reported 5 data race(s)
