// halt_on_error=1: the process ends at the synchronization that reported
// the first race, with the report's exit status; the second race is never
// reached. Without it both are reported.
// RUN: %cc_rt -o %t
// RUN: env CSAN_OPTIONS=halt_on_error=1 %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=HALT < %t.out
// RUN: %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=GO < %t.out
#include "two_races.h"

// HALT:      WARNING: csan: data race (write-read)
// HALT:      SUMMARY: csan: data race (write-read) race.cu:20:7 in consume(int*)
// HALT-NEXT: ==================
// HALT-NEXT: csan: reported 1 data race(s)
// HALT-NEXT: exit=66
// HALT-NOT:  sync

// GO: SUMMARY: csan: data race (write-read) race.cu:20:7 in consume(int*)
// GO: first sync
// GO: SUMMARY: csan: data race (write-write)
// GO: second sync
// GO: csan: reported 2 data race(s)
// GO-NEXT: exit=66
