// Entries are handled once: one already printed is skipped when the table
// is copied again; one whose operation the caller's clock of completed work
// does not order is left for a later call (and counted as pending) and
// printed then; entries not READY are ignored.
// The race table form (csan_report_table) does the same and remembers the
// device's dropped count.
// RUN: %cc_core -o %t && %t 2>&1 | FileCheck %s
#include "../Inputs/report_env.h"

int main(void) {
  csan_flags flags;
  csan_flags_defaults(&flags);
  flags.host_stack_depth = 0;
  csan_report_env env;
  env_init(&env, true);
  add_alloc(0x1000, 0x1000, "cudaMalloc", NULL, "app.cu", "main", 5, 3, 0);
  add_site(1, "k.cu", "_Z1wPi", 10, 3, CSAN_ACC_WRITE, 4);
  add_site(2, "k.cu", "_Z1rPi", 20, 3, CSAN_ACC_READ, 4);
  add_op(1, 1, 1, CSAN_OPK_KERNEL, "_Z1wPi", 0xa, NULL, "app.cu", "main", 30, 5, 0, 0);
  add_op(2, 2, 1, CSAN_OPK_KERNEL, "_Z1rPi", 0xb, NULL, "app.cu", "main", 31, 5, 0, 0);
  add_op(3, 3, 1, CSAN_OPK_KERNEL, "_Z1rPi", 0xc, NULL, "app.cu", "main", 32, 5, 0, 0);

  // A copied race table: header and 4 entries.
  struct {
    csan_race_table h;
    csan_race e[4];
  } t;
  memset(&t, 0, sizeof(t));
  _Static_assert(offsetof(__typeof__(t), e) == CSAN_RACE_ENTRIES_OFFSET, "layout");
  t.h.capacity = 4;
  t.h.dropped = 2;
  t.e[0] = make_race(2, 1, CSAN_ACC_READ, 4, 2, 1, 1, CSAN_TAG_WRITE, 1, 0x1000, 0x1004);
  t.e[1] = make_race(3, 1, CSAN_ACC_WRITE, 4, 1, 1, 1, CSAN_TAG_WRITE, 1, 0x1100, 0x1104);
  t.e[2] = make_race(2, 1, CSAN_ACC_WRITE, 4, 1, 1, 1, CSAN_TAG_WRITE, 1, 0x1200, 0x1204);
  t.e[2].state = CSAN_RACE_FILLING;
  // t.e[3] stays EMPTY.

  // Completed: slots 1 and 2 up to epoch 1; slot 3's operation still runs.
  csan_vc done;
  csan_vc_clear(&done);
  done.c[1] = done.c[2] = 1;
  size_t pending = 0;
  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  fprintf(stderr, "copy 1: %zu\n", csan_report_table(r, &t.h, &done, &pending));
  fprintf(stderr, "pending: %zu\n", pending);
  t.e[0].count = 9; // the device folded more accesses into it
  fprintf(stderr, "copy 2: %zu\n", csan_report_table(r, &t.h, &done, &pending));
  done.c[3] = 1;
  fprintf(stderr, "copy 3: %zu\n", csan_report_table(r, &t.h, &done, &pending));
  fprintf(stderr, "pending: %zu\n", pending);
  csan_report_finish(r, 0, NULL);
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// CHECK: WARNING: csan: data race (write-read) on 4 bytes at 0x1000
// CHECK-NOT: WARNING
// CHECK: copy 1: 1
// CHECK-NEXT: pending: 1
// CHECK-NEXT: copy 2: 0
// CHECK-NEXT: ==================
// CHECK-NEXT: WARNING: csan: data race (write-write) on 4 bytes at 0x1100
// CHECK-NEXT: Write of size 4 at 0x1100 by kernel r(int*) on stream 0xc:
// CHECK-NOT: WARNING
// CHECK: copy 3: 1
// CHECK-NEXT: pending: 0
// CHECK-NEXT: csan: WARNING: 2 race(s) were not recorded: the race table was full; raise CSAN_OPTIONS=race_table_size (now 4096)
// CHECK-NEXT: csan: reported 2 data race(s)
