// A malformed suppressions file is an error that names the file and the
// line; comments, blank lines and white space are fine. At start-up the
// error stops the process with status 1.
// RUN: %cc_core -o %t
// RUN: printf '# comment\n\n  kernel: produce* \nrace:x\n' > %t.good
// RUN: printf 'kernel:a\n\nkernal:b\n' > %t.type
// RUN: printf 'race:a\nkernel produce\n' > %t.colon
// RUN: printf 'race:a\nrace:b\nfile:   \n' > %t.empty
// RUN: %t %t.good | FileCheck %s --check-prefix=GOOD
// RUN: %not %t %t.type 2>&1 | FileCheck %s --check-prefix=KIND
// RUN: %not %t %t.colon 2>&1 | FileCheck %s --check-prefix=COLON
// RUN: %not %t %t.empty 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: %not %t %t.missing 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: %t %t.type; test $? -eq 1
#include <stdio.h>

#include "csan_suppress.h"

int main(int argc, char **argv) {
  csan_suppressions *s = csan_suppressions_init(argc > 1 ? argv[1] : NULL);
  for (size_t i = 0; i < csan_suppressions_count(s); i++) {
    const csan_suppression *r = csan_suppressions_rule(s, i);
    printf("rule %u type %d '%s'\n", r->line, (int)r->type, r->pattern);
  }
  printf("loaded %zu\n", csan_suppressions_count(s));
  csan_suppressions_free(s);
  return 0;
}

// GOOD: rule 3 type 1 'produce*'
// GOOD-NEXT: rule 4 type 0 'x'
// GOOD-NEXT: loaded 2
// KIND: csan: ERROR: {{.*}}.type:3: unknown suppression type 'kernal' (expected race, kernel, function or file)
// KIND-NOT: loaded
// COLON: csan: ERROR: {{.*}}.colon:2: expected TYPE:GLOB, got 'kernel produce'
// EMPTY: csan: ERROR: {{.*}}.empty:3: empty pattern after 'file:'
// MISSING: csan: ERROR: cannot read suppressions file '{{.*}}.missing': No such file or directory
