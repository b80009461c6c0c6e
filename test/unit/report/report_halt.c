// halt_on_error=1: the first printed report stops reporting and
// csan_report_should_halt() says so (the runtime then finishes and exits);
// without it every race is reported and nothing asks to halt.
// RUN: %cc_core -o %t
// RUN: env CSAN_OPTIONS=halt_on_error=1 %t 2>&1 | FileCheck %s --check-prefix=HALT
// RUN: %t 2>&1 | FileCheck %s --check-prefix=GO
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
  csan_race e[3];
  for (uint32_t i = 0; i < 3; i++) {
    add_site(10 + i, "k.cu", "_Z1rPi", 20 + i, 3, CSAN_ACC_READ, 4);
    e[i] = make_race(2, 1, CSAN_ACC_READ, 4, 10 + i, 1, 1, CSAN_TAG_WRITE, 0, 0x1000 + 16 * i,
                     0x1004 + 16 * i);
  }
  csan_reporter *r = csan_reporter_create(&flags, &env, NULL);
  size_t first = csan_report_races(r, e, 3);
  bool halt = csan_report_should_halt(r);
  size_t later = csan_report_races(r, e + 1, 2);
  fprintf(stderr, "first %zu halt %d later %zu\n", first, halt, later);
  fprintf(stderr, "status %d\n", csan_report_finish(r, 0, NULL));
  csan_reporter_destroy(r);
  env_fini();
  return 0;
}

// HALT: on 4 bytes at 0x1000
// HALT-NOT: WARNING
// HALT: first 1 halt 1 later 0
// HALT-NEXT: csan: reported 1 data race(s)
// HALT-NEXT: status 66

// GO: on 4 bytes at 0x1000
// GO: on 4 bytes at 0x1010
// GO: on 4 bytes at 0x1020
// GO: first 3 halt 0 later 0
// GO-NEXT: csan: reported 3 data race(s)
