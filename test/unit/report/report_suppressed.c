// A suppressed race is not printed, not counted as reported and does not
// change the exit status; verbosity=1 says how many were suppressed and by
// which rule. Without the suppression the same race is reported.
// RUN: %cc_core -o %t
// RUN: printf '# known race in the producer\nkernel:produce*\n' > %t.supp
// RUN: env CSAN_OPTIONS=suppressions=%t.supp %t 2>&1 | FileCheck %s --check-prefix=SUPP
// RUN: env CSAN_OPTIONS=suppressions=%t.supp:verbosity=1 %t 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: %t 2>&1 | FileCheck %s --check-prefix=NOSUPP
#include "../Inputs/report_env.h"

int main(void) {
  csan_flags flags;
  csan_flags_init(&flags);
  flags.host_stack_depth = 0;
  csan_suppressions *supp = csan_suppressions_init(flags.suppressions);
  csan_report_env env;
  env_init(&env, true);
  add_site(3, "race.cu", "_Z7producePf", 12, 5, CSAN_ACC_WRITE, 4);
  add_site(5, "race.cu", "_Z7consumePfi", 20, 7, CSAN_ACC_READ, 4);
  add_alloc(0x1000, 4096, "cudaMalloc", NULL, "race.cu", "main", 30, 3, 0);
  add_op(3, 1, 1, CSAN_OPK_KERNEL, "_Z7producePf", 0xb0, NULL, "race.cu", "main", 33, 3, 0, 0);
  add_op(5, 2, 1, CSAN_OPK_KERNEL, "_Z7consumePfi", 0xa0, NULL, "race.cu", "main", 34, 3, 0, 0);
  csan_reporter *r = csan_reporter_create(&flags, &env, supp);
  csan_race e = make_race(2, 1, CSAN_ACC_READ, 4, 5, 1, 1, CSAN_TAG_WRITE, 3, 0x1010, 0x1014);
  csan_report_races(r, &e, 1);
  fprintf(stderr, "status %d\n", csan_report_finish(r, 0, NULL));
  csan_reporter_destroy(r);
  csan_suppressions_free(supp);
  env_fini();
  return 0;
}

// SUPP-NOT: WARNING
// SUPP-NOT: reported
// SUPP-NOT: suppressed
// SUPP: status 0

// VERBOSE-NOT: WARNING
// VERBOSE: csan: suppressed 1 data race(s)
// VERBOSE-NEXT: csan: suppressed 1 race(s) by kernel:produce* ({{.*}}.supp:2)
// VERBOSE-NOT: reported
// VERBOSE: status 0

// NOSUPP: WARNING: csan: data race (write-read)
// NOSUPP: csan: reported 1 data race(s)
// NOSUPP: status 66
