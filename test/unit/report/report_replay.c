// csan-replay's reports: no device sites (site ids are schedule lines and
// only tell accesses apart), schedule lines as issue sites, streams and
// allocations by name. The same table entry handed over again (as every
// copy of the race table does) is not reported twice.
// RUN: %cc_core -o %t && %t 2>&1 | FileCheck %s --strict-whitespace --match-full-lines
#include "../Inputs/report_env.h"

int main(void) {
  csan_flags flags;
  csan_flags_defaults(&flags);
  csan_report_env env;
  env_init(&env, false);
  csan_alloc_info a;
  memset(&a, 0, sizeof(a));
  a.base = 0x1000;
  a.size = 4096;
  a.name = "buf";
  a.made.api = "alloc";
  a.made.site = (csan_host_site){"sched.replay", NULL, 3, 0};
  csan_allocs_add(g_allocs, &a);
  add_op(3, 1, 1, CSAN_OPK_KERNEL, "produce", 0x101, "s1", "sched.replay", NULL, 8, 0, 0, 4);
  add_op(5, 2, 1, CSAN_OPK_KERNEL, "consume", 0x102, "s2", "sched.replay", NULL, 9, 0, 0, 4);
  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  csan_race e[] = {
      make_race(2, 1, CSAN_ACC_READ, 4, 9, 1, 1, CSAN_TAG_WRITE, 8, 0x1010, 0x1014),
      make_race(2, 1, CSAN_ACC_READ, 4, 9, 1, 1, CSAN_TAG_WRITE, 8, 0x1010, 0x1014),
  };
  e[1].count = 2; // the same entry copied again later: not a new report
  csan_report_races(r, e, 2);
  fprintf(stderr, "status %d\n", csan_report_finish(r, 0, NULL));
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// CHECK:==================
// CHECK-NEXT:WARNING: csan: data race (write-read) on 4 bytes at 0x1010
// CHECK-NEXT:  Read of size 4 at 0x1010 by kernel consume on stream s2:
// CHECK-NEXT:    operation #5 on slot 2
// CHECK-NEXT:    issued at:
// CHECK-NEXT:      #0 sched.replay:9
// CHECK-NEXT:  Previous write of size 4 by kernel produce on stream s1:
// CHECK-NEXT:    operation #3 on slot 1
// CHECK-NEXT:    issued at:
// CHECK-NEXT:      #0 sched.replay:8
// CHECK-NEXT:  Location: bytes [16, 20) of allocation buf (4096 bytes) at 0x1000 made by alloc at:
// CHECK-NEXT:      #0 sched.replay:3
// CHECK-NEXT:SUMMARY: csan: data race (write-read) sched.replay:9 in consume
// CHECK-NEXT:==================
// CHECK-NEXT:csan: reported 1 data race(s)
// CHECK-NEXT:status 66
