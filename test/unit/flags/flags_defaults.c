// Every flag has its documented default when CSAN_OPTIONS is unset or
// empty; a set CSAN_OPTIONS changes only the flags it names.
// RUN: %cc_core -o %t
// RUN: env -u CSAN_OPTIONS %t | FileCheck %s --check-prefix=DEF
// RUN: env CSAN_OPTIONS= %t | FileCheck %s --check-prefix=DEF
// RUN: env CSAN_OPTIONS=verbosity=2 %t | FileCheck %s --check-prefix=SET
#include <stdio.h>

#include "csan_flags.h"

int main(void) {
  csan_flags f;
  csan_flags_init(&f);
  printf("exitcode=%d\n", f.exitcode);
  printf("halt_on_error=%d\n", f.halt_on_error);
  printf("log_path=%s\n", f.log_path);
  printf("report_format=%d\n", (int)f.report_format);
  printf("suppressions='%s'\n", f.suppressions);
  printf("max_reports=%d\n", f.max_reports);
  printf("verbosity=%d\n", f.verbosity);
  printf("pool_mb=%d\n", f.pool_mb);
  printf("race_table_size=%d\n", f.race_table_size);
  printf("host_stack_depth=%d\n", f.host_stack_depth);
  printf("symbolize=%d\n", f.symbolize);
  printf("symbolizer_path='%s'\n", f.symbolizer_path);
  printf("warp_aggregation=%d\n", f.warp_aggregation);
  printf("help=%d\n", f.help);
  return 0;
}

// DEF:      exitcode=66
// DEF-NEXT: halt_on_error=0
// DEF-NEXT: log_path=stderr
// DEF-NEXT: report_format=0
// DEF-NEXT: suppressions=''
// DEF-NEXT: max_reports=100
// DEF-NEXT: verbosity=0
// DEF-NEXT: pool_mb=256
// DEF-NEXT: race_table_size=4096
// DEF-NEXT: host_stack_depth=16
// DEF-NEXT: symbolize=1
// DEF-NEXT: symbolizer_path=''
// DEF-NEXT: warp_aggregation=1
// DEF-NEXT: help=0

// SET:      exitcode=66
// SET:      max_reports=100
// SET-NEXT: verbosity=2
// SET-NEXT: pool_mb=256
