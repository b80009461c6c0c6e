// log_path=PREFIX sends everything csan prints to PREFIX.<pid> and nothing
// to stderr; stdout and stderr are special names; a file that cannot be
// created stops start-up with a message naming the option and the file.
// RUN: %cc_core -o %t
// RUN: rm -f %t.log.*
// RUN: env CSAN_OPTIONS=log_path=%t.log %t > %t.out 2> %t.err
// RUN: cat %t.log.* | FileCheck %s --check-prefix=FILE
// RUN: FileCheck %s --check-prefix=NAME < %t.out
// RUN: %not grep csan %t.err
// RUN: env CSAN_OPTIONS=log_path=stdout %t 2>/dev/null | FileCheck %s --check-prefix=FILE
// RUN: %t 2>&1 >/dev/null | FileCheck %s --check-prefix=FILE
// RUN: %t 2>/dev/null | %not grep csan
// RUN: env CSAN_OPTIONS=log_path=%t.nodir/x %not %t 2>&1 | FileCheck %s --check-prefix=BAD
#include <stdio.h>
#include <unistd.h>

#include "csan_report.h"

int main(void) {
  csan_flags f;
  csan_flags_init(&f);
  csan_log_init(&f);
  csan_log_printf("csan: hello %d\n", 42);
  printf("pid %d file %s\n", (int)getpid(), csan_log_file() ? csan_log_file() : "(none)");
  return 0;
}

// FILE: csan: hello 42
// NAME: pid [[PID:[0-9]+]] file {{.*}}.log.[[PID]]
// BAD: csan: ERROR: log_path={{.*}}.nodir/x: cannot open '{{.*}}.nodir/x.{{[0-9]+}}': No such file or directory
// BAD-NOT: pid
