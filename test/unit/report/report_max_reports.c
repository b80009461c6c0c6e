// max_reports=N prints the first N reports and counts the rest, which still
// make the exit status 66; max_reports=0 prints them all.
// RUN: %cc_core -o %t
// RUN: env CSAN_OPTIONS=max_reports=2 %t 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: env CSAN_OPTIONS=max_reports=0 %t 2>&1 | FileCheck %s --check-prefix=ALL
#include "../Inputs/report_env.h"

int main(void) {
  csan_flags flags;
  csan_flags_init(&flags);
  flags.host_stack_depth = 0;
  csan_report_env env;
  env_init(&env, true);
  add_alloc(0x1000, 0x1000, "cudaMalloc", NULL, "app.cu", "main", 5, 3, 0);
  add_op(1, 1, 1, CSAN_OPK_KERNEL, "_Z1wPi", 0xa, NULL, "app.cu", "main", 30, 5, 0, 0);
  add_op(2, 2, 1, CSAN_OPK_KERNEL, "_Z1rPi", 0xb, NULL, "app.cu", "main", 31, 5, 0, 0);
  csan_race e[5];
  for (uint32_t i = 0; i < 5; i++) {
    add_site(10 + i, "k.cu", "_Z1rPi", 20 + i, 3, CSAN_ACC_READ, 4);
    e[i] = make_race(2, 1, CSAN_ACC_READ, 4, 10 + i, 1, 1, CSAN_TAG_WRITE, 0, 0x1000 + 16 * i,
                     0x1004 + 16 * i);
  }
  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  csan_report_races(r, e, 5);
  fprintf(stderr, "status %d\n", csan_report_finish(r, 0, NULL));
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// TWO: data race (write-read) on 4 bytes at 0x1000
// TWO: data race (write-read) on 4 bytes at 0x1010
// TWO-NOT: WARNING
// TWO: csan: 3 more data race(s) not reported (max_reports=2)
// TWO-NEXT: csan: reported 2 data race(s)
// TWO-NEXT: status 66

// ALL: data race (write-read) on 4 bytes at 0x1000
// ALL: data race (write-read) on 4 bytes at 0x1040
// ALL-NOT: not reported
// ALL: csan: reported 5 data race(s)
// ALL-NEXT: status 66
