// The exit status: the program's own when no race was found, exitcode
// (default 66) when one was; races the device could not record also count,
// with a warning naming race_table_size; a full shadow pool is a warning
// naming pool_mb that does not change the status.
// RUN: %cc_core -o %t
// RUN: %t none 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: %t race 2>&1 | FileCheck %s --check-prefix=RACE66
// RUN: env CSAN_OPTIONS=exitcode=3 %t race 2>&1 | FileCheck %s --check-prefix=RACE3
// RUN: %t dropped 2>&1 | FileCheck %s --check-prefix=DROPPED
// RUN: env CSAN_OPTIONS=pool_mb=64 %t pool 2>&1 | FileCheck %s --check-prefix=POOL
// RUN: env CSAN_OPTIONS=report_format=json %t dropped 2>&1 | FileCheck %s --check-prefix=JSON
#include "../Inputs/report_env.h"

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "none";
  csan_flags flags;
  csan_flags_init(&flags);
  flags.host_stack_depth = 0;
  csan_report_env env;
  env_init(&env, true);
  add_alloc(0x1000, 4096, "cudaMalloc", NULL, "race.cu", "main", 30, 3, 0);
  add_op(3, 1, 1, CSAN_OPK_KERNEL, "_Z1wPi", 0xb0, NULL, "race.cu", "main", 33, 3, 0, 0);
  add_op(5, 2, 1, CSAN_OPK_KERNEL, "_Z1rPi", 0xa0, NULL, "race.cu", "main", 34, 3, 0, 0);
  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  csan_race e = make_race(2, 1, CSAN_ACC_READ, 4, 0, 1, 1, CSAN_TAG_WRITE, 0, 0x1010, 0x1014);
  if (!strcmp(mode, "race"))
    csan_report_races(r, &e, 1);
  csan_report_notes notes = {0, 0, 0};
  if (!strcmp(mode, "dropped"))
    notes.not_recorded = 5;
  if (!strcmp(mode, "pool"))
    notes.pool_exhausted = 1234;
  int status = csan_report_finish(r, 7, &notes);
  int again = csan_report_finish(r, 7, &notes);
  fprintf(stderr, "status %d again %d\n", status, again);
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// NONE-NOT: csan:
// NONE: status 7 again 7

// RACE66: csan: reported 1 data race(s)
// RACE66-NEXT: status 66 again 66
// RACE3: csan: reported 1 data race(s)
// RACE3-NEXT: status 3 again 3

// DROPPED-NOT: WARNING: csan: data race
// DROPPED: csan: WARNING: 5 race(s) were not recorded: the race table was full; raise CSAN_OPTIONS=race_table_size (now 4096)
// DROPPED-NOT: reported
// DROPPED: status 66 again 66

// POOL: csan: WARNING: 1234 access(es) were not checked: the shadow pool was full; raise CSAN_OPTIONS=pool_mb (now 64)
// POOL-NOT: reported
// POOL: status 7 again 7

// JSON: {"type":"summary","reported":0,"not_printed":0,"duplicates":0,"suppressed":0,"not_recorded":5,"pool_exhausted":0,"exit_status":66}
// JSON-NEXT: status 66 again 66
