// report_format=json: one JSON object per race per line, and a summary
// object instead of the closing text.
// RUN: %cc_rt -o %t
// RUN: env CSAN_OPTIONS=report_format=json %run %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --implicit-check-not=WARNING < %t.out
#include "two_races.h"

// CHECK: {"type":"race","kind":"write-read",{{.*}}"file":"race.cu","line":20,"column":7{{.*}}}
// CHECK-NEXT: first sync
// CHECK-NEXT: {"type":"race","kind":"write-write",{{.*}}"what":"cudaMemsetAsync"{{.*}}}
// CHECK-NEXT: second sync
// CHECK-NEXT: end
// CHECK-NEXT: {"type":"summary","reported":2,{{.*}}"exit_status":66}
// CHECK-NEXT: exit=66
