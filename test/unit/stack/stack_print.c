// Printing a stack: with llvm-symbolizer every frame reads
// `#N 0xADDR in FUNC FILE:LINE:COL`; without it (symbolize=0) frames fall
// back to the exported symbol and `(MODULE+0xOFFSET)`.
// RUN: %cc_core -rdynamic -o %t
// RUN: %t 2>&1 | FileCheck %s --check-prefix=SYM
// RUN: env CSAN_OPTIONS=symbolize=0 %t 2>&1 | FileCheck %s --check-prefix=NOSYM
#include <stdio.h>

#include "csan_stack.h"

__attribute__((noinline)) uint32_t leaf(void) {
  uint32_t id = csan_stack_capture(NULL, 0); fprintf(stderr, "leaf line %d\n", __LINE__);
  return id;
}

int main(void) {
  csan_flags f;
  csan_flags_init(&f);
  f.host_stack_depth = 2;
  csan_stack_configure_from_flags(&f);
  uint32_t id = leaf(); fprintf(stderr, "main line %d\n", __LINE__);
  size_t n = csan_stack_print(stderr, id, "  ");
  fprintf(stderr, "printed %zu, alive %d\n", n, csan_symbolizer_alive());
  return 0;
}

// SYM: leaf line [[#LEAF:]]
// SYM-NEXT: main line [[#MAIN:]]
// SYM-NEXT: {{^}}  #0 0x{{[0-9a-f]+}} in leaf {{.*}}stack_print.c:[[#LEAF]]:{{[0-9]+$}}
// SYM-NEXT: {{^}}  #1 0x{{[0-9a-f]+}} in main {{.*}}stack_print.c:[[#MAIN]]:{{[0-9]+$}}
// SYM-NEXT: printed 2, alive 1

// NOSYM: leaf line
// NOSYM: {{^}}  #0 0x{{[0-9a-f]+}} in leaf ({{.*}}stack_print.c.tmp+0x{{[0-9a-f]+}}){{$}}
// NOSYM-NEXT: {{^}}  #1 0x{{[0-9a-f]+}} in main ({{.*}}stack_print.c.tmp+0x{{[0-9a-f]+}}){{$}}
// NOSYM-NEXT: printed 2, alive 0
