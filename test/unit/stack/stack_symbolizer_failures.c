// A symbolizer that cannot be started, dies at once, hangs, or dies after
// one answer never hangs or crashes csan: the frames it did not answer fall
// back to module+offset, quickly, and the process goes on. A working
// symbolizer (the last case) answers every frame.
// RUN: %cc_core -rdynamic -o %t
// RUN: printf '#!/bin/sh\nexit 0\n' > %t.dies && chmod +x %t.dies
// RUN: printf '#!/bin/sh\nexec sleep 30\n' > %t.hangs && chmod +x %t.hangs
// RUN: printf '#!/bin/sh\nread l\nprintf "fake_fn\\nfake.c:7:3\\n\\n"\nexit 0\n' > %t.once && chmod +x %t.once
// RUN: printf '#!/bin/sh\nexec cat\n' > %t.echo && chmod +x %t.echo
// RUN: env CSAN_OPTIONS=symbolizer_path=%t.nonexistent %t 2>&1 | FileCheck %s --check-prefixes=CHECK,FALLBACK
// RUN: env CSAN_OPTIONS=symbolizer_path=%t.dies %t 2>&1 | FileCheck %s --check-prefixes=CHECK,FALLBACK
// RUN: env CSAN_OPTIONS=symbolizer_path=%t.hangs %t 2>&1 | FileCheck %s --check-prefixes=CHECK,FALLBACK
// RUN: env CSAN_OPTIONS=symbolizer_path=%t.echo %t 2>&1 | FileCheck %s --check-prefixes=CHECK,FALLBACK
// RUN: env CSAN_OPTIONS=symbolizer_path=%t.once %t 2>&1 | FileCheck %s --check-prefixes=CHECK,ONCE
// RUN: %t 2>&1 | FileCheck %s --check-prefixes=CHECK,WORKS
#include <stdio.h>
#include <time.h>

#include "csan_stack.h"

// leaf must be on the stack when it captures, so its call must not be a
// tail call (a jump would leave main the innermost frame); clang turns the
// plain `return capture()` into one at -O1 already. The capture is stored to
// a volatile and read back after the call, which keeps the call out of tail
// position with any compiler and optimization level.
__attribute__((noinline)) uint32_t leaf(void) {
  volatile uint32_t id = csan_stack_capture(NULL, 0);
  return id;
}

int main(void) {
  csan_flags f;
  csan_flags_init(&f);
  f.host_stack_depth = 2;
  csan_stack_configure_from_flags(&f);
  csan_stack_set_symbolizer_timeout(300);
  uint32_t id = leaf();
  struct timespec a, b;
  clock_gettime(CLOCK_MONOTONIC, &a);
  csan_stack_print(stderr, id, "");
  // Printed again: answers are cached, the dead symbolizer is not retried.
  csan_stack_print(stderr, id, "");
  clock_gettime(CLOCK_MONOTONIC, &b);
  double s = (double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9;
  fprintf(stderr, "done in under 2s: %d, alive %d\n", s < 2.0, csan_symbolizer_alive());
  return 0;
}

// FALLBACK: #0 0x{{[0-9a-f]+}} in leaf ({{.*}}+0x{{[0-9a-f]+}}){{$}}
// FALLBACK-NEXT: #1 0x{{[0-9a-f]+}} in main ({{.*}}+0x{{[0-9a-f]+}}){{$}}
// FALLBACK-NEXT: #0 0x{{[0-9a-f]+}} in leaf ({{.*}}+0x{{[0-9a-f]+}}){{$}}
// FALLBACK-NEXT: #1 0x{{[0-9a-f]+}} in main ({{.*}}+0x{{[0-9a-f]+}}){{$}}
// FALLBACK-NEXT: done in under 2s: 1, alive 0

// ONCE: #0 0x{{[0-9a-f]+}} in fake_fn fake.c:7:3{{$}}
// ONCE-NEXT: #1 0x{{[0-9a-f]+}} in main ({{.*}}+0x{{[0-9a-f]+}}){{$}}
// ONCE-NEXT: #0 0x{{[0-9a-f]+}} in fake_fn fake.c:7:3{{$}}
// ONCE-NEXT: #1 0x{{[0-9a-f]+}} in main ({{.*}}+0x{{[0-9a-f]+}}){{$}}
// ONCE-NEXT: done in under 2s: 1, alive 0

// WORKS: #0 0x{{[0-9a-f]+}} in leaf {{.*}}stack_symbolizer_failures.c:{{[0-9]+}}:{{[0-9]+$}}
// WORKS-NEXT: #1 0x{{[0-9a-f]+}} in main {{.*}}stack_symbolizer_failures.c:{{[0-9]+}}:{{[0-9]+$}}
// WORKS: done in under 2s: 1, alive 1

// CHECK-NOT: {{.}}
