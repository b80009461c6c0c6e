// help=1 lists every flag with its type, default, current value and
// description on stderr, and start-up goes on; without help=1 nothing is
// printed.
// RUN: %cc_core -o %t
// RUN: env CSAN_OPTIONS=help=1:exitcode=9 %t 2>&1 | FileCheck %s --check-prefix=HELP
// RUN: env CSAN_OPTIONS=exitcode=9 %t 2>&1 | FileCheck %s --check-prefix=QUIET
#include <stdio.h>

#include "csan_flags.h"

int main(void) {
  csan_flags f;
  csan_flags_init(&f);
  fprintf(stderr, "started\n");
  return 0;
}

// HELP: csan: CSAN_OPTIONS flags (name=value, separated by ':' or spaces):
// HELP-NEXT:   exitcode (int in [0, 255], default 66, now 9)
// HELP-NEXT:       exit status of a process in which csan reported races
// HELP-NEXT:   halt_on_error (bool, default 0, now 0)
// HELP:   log_path (string, default 'stderr', now 'stderr')
// HELP:   report_format (text|json, default text, now text)
// HELP:   suppressions (string,
// HELP:   max_reports (int in [0, 2147483647], default 100, now 100)
// HELP:   verbosity (int
// HELP:   pool_mb (int
// HELP:   race_table_size (power of two in [16, 16777216], default 4096, now 4096)
// HELP:   host_stack_depth (int
// HELP:   symbolize (bool
// HELP:   symbolizer_path (string
// HELP:   warp_aggregation (bool
// HELP:   help (bool, default 0, now 1)
// HELP: started

// QUIET-NOT: CSAN_OPTIONS flags
// QUIET: started
