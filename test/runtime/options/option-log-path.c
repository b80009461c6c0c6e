// log_path=PREFIX writes reports and csan's messages to PREFIX.<pid>; the
// program's own output stays on stderr. A log path that cannot be opened is
// an error at start-up.
// RUN: %cc_rt -o %t
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: env CSAN_OPTIONS=log_path=%t.dir/report %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=STDERR --implicit-check-not=csan < %t.out
// RUN: cat %t.dir/report.* | FileCheck %s --check-prefix=LOG
// RUN: env CSAN_OPTIONS=log_path=%t.dir/missing/report %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BAD < %t.out
#include "two_races.h"

// STDERR: first sync
// STDERR-NEXT: second sync
// STDERR-NEXT: end
// STDERR-NEXT: exit=66

// LOG: WARNING: csan: data race (write-read)
// LOG: WARNING: csan: data race (write-write)
// LOG: csan: reported 2 data race(s)

// BAD: csan: ERROR: log_path={{.*}}missing/report: cannot open '{{.*}}missing/report.{{[0-9]+}}': No such file or directory
// BAD-NEXT: exit=1
