// suppressions=FILE: a matching rule drops the race (counted, reported at
// verbosity 1), and a run whose races are all suppressed keeps its exit
// status. A bad suppressions file is an error at start-up.
// RUN: %cc_rt -o %t
// RUN: printf 'kernel:consume*\nrace:*main*\n' > %t.supp
// RUN: env CSAN_OPTIONS=suppressions=%t.supp:verbosity=1 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ALL --implicit-check-not=WARNING < %t.out
// RUN: printf 'kernel:consume*\n' > %t.one
// RUN: env CSAN_OPTIONS=suppressions=%t.one %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=ONE < %t.out
// RUN: printf 'kernal:consume\n' > %t.bad
// RUN: env CSAN_OPTIONS=suppressions=%t.bad %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BAD < %t.out
#include "two_races.h"

// ALL:      end
// ALL-NEXT: csan: shadow: {{[0-9]+}} bytes for 128 tracked bytes
// ALL-NEXT: csan: escalation pool:
// ALL-NEXT: csan: suppressed 2 data race(s)
// ALL-NEXT: csan: suppressed 1 race(s) by kernel:consume* ({{.*}}:1)
// ALL-NEXT: csan: suppressed 1 race(s) by race:*main* ({{.*}}:2)
// ALL-NEXT: exit=0

// ONE-NOT:  consume
// ONE:      WARNING: csan: data race (write-write)
// ONE:      csan: reported 1 data race(s)
// ONE-NEXT: exit=66

// BAD: csan: ERROR: {{.*}}.bad:1: unknown suppression type 'kernal' (expected race, kernel, function or file)
// BAD-NEXT: exit=1
