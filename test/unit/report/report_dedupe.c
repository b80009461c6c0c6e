// Races with the same pair of sites are reported once, whatever the
// operations (a kernel pair launched in a loop); another site pair is
// reported. Without device sites (a memcpy) the operation's API and host
// call site stand in for the site: the same call line dedupes, another line
// does not.
// RUN: %cc_core -o %t && %t 2>&1 | FileCheck %s
#include "../Inputs/report_env.h"

int main(void) {
  csan_flags flags;
  csan_flags_defaults(&flags);
  flags.host_stack_depth = 0;
  csan_stack_configure_from_flags(&flags);
  csan_report_env env;
  env_init(&env, true);
  add_site(1, "k.cu", "_Z1wPi", 10, 3, CSAN_ACC_WRITE, 4);
  add_site(2, "k.cu", "_Z1rPi", 20, 3, CSAN_ACC_READ, 4);
  add_site(3, "k.cu", "_Z1rPi", 21, 3, CSAN_ACC_READ, 4);
  add_alloc(0x1000, 0x1000, "cudaMalloc", NULL, "app.cu", "main", 5, 3, 0);
  // Iteration i: w on slot 1 epoch i, r on slot 2 epoch i.
  for (uint32_t i = 1; i <= 3; i++) {
    add_op(10 + i, 1, i, CSAN_OPK_KERNEL, "_Z1wPi", 0xa, NULL, "app.cu", "main", 30, 5, 0, 0);
    add_op(20 + i, 2, i, CSAN_OPK_KERNEL, "_Z1rPi", 0xb, NULL, "app.cu", "main", 31, 5, 0, 0);
  }
  // memcpys without device sites: two from line 40, one from line 41.
  add_op(31, 3, 1, CSAN_OPK_COPY, "cudaMemcpyAsync", 0xc, NULL, "app.cu", "main", 40, 3, 0, 16);
  add_op(32, 3, 2, CSAN_OPK_COPY, "cudaMemcpyAsync", 0xc, NULL, "app.cu", "main", 40, 3, 0, 16);
  add_op(33, 3, 3, CSAN_OPK_COPY, "cudaMemcpyAsync", 0xc, NULL, "app.cu", "main", 41, 3, 0, 16);

  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  csan_race e[] = {
      // The same site pair (r@2 after w@1) in three iterations: once.
      make_race(2, 1, CSAN_ACC_READ, 4, 2, 1, 1, CSAN_TAG_WRITE, 1, 0x1000, 0x1004),
      make_race(2, 2, CSAN_ACC_READ, 4, 2, 1, 2, CSAN_TAG_WRITE, 1, 0x1100, 0x1104),
      make_race(2, 3, CSAN_ACC_READ, 4, 2, 1, 3, CSAN_TAG_WRITE, 1, 0x1200, 0x1204),
      // Another read site: reported.
      make_race(2, 1, CSAN_ACC_READ, 4, 3, 1, 1, CSAN_TAG_WRITE, 1, 0x1010, 0x1014),
      // memcpy writes meeting w: line 40 twice (once), line 41 (again).
      make_race(3, 1, CSAN_ACC_WRITE, 0, 0, 1, 1, CSAN_TAG_WRITE, 1, 0x1800, 0x1810),
      make_race(3, 2, CSAN_ACC_WRITE, 0, 0, 1, 2, CSAN_TAG_WRITE, 1, 0x1800, 0x1810),
      make_race(3, 3, CSAN_ACC_WRITE, 0, 0, 1, 3, CSAN_TAG_WRITE, 1, 0x1800, 0x1810),
  };
  size_t printed = csan_report_races(r, e, sizeof(e) / sizeof(e[0]));
  csan_report_stats st;
  csan_report_get_stats(r, &st);
  fprintf(stderr, "printed %zu duplicates %llu\n", printed, (unsigned long long)st.duplicates);
  csan_report_finish(r, 0, NULL);
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// CHECK: WARNING: csan: data race (write-read) on 4 bytes at 0x1000
// CHECK: SUMMARY: csan: data race (write-read) k.cu:20:3 in r(int*)
// CHECK-NOT: at 0x1100
// CHECK-NOT: at 0x1200
// CHECK: WARNING: csan: data race (write-read) on 4 bytes at 0x1010
// CHECK: SUMMARY: csan: data race (write-read) k.cu:21:3 in r(int*)
// CHECK: WARNING: csan: data race (write-write) on 16 bytes at 0x1800
// CHECK-NEXT:   Write of size 16 at 0x1800 by cudaMemcpyAsync on stream 0xc:
// CHECK-NEXT:     operation #31 on slot 3
// CHECK-NEXT:     issued at:
// CHECK-NEXT:       #0 main app.cu:40:3
// CHECK: SUMMARY: csan: data race (write-write) app.cu:40:3 in main
// CHECK: WARNING: csan: data race (write-write) on 16 bytes at 0x1800
// CHECK: SUMMARY: csan: data race (write-write) app.cu:41:3 in main
// CHECK-NOT: WARNING
// CHECK: printed 4 duplicates 3
// CHECK-NEXT: csan: reported 4 data race(s)
