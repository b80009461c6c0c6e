// Which symbolizer csan runs: symbolizer_path when set, else
// $LLVM_SYMBOLIZER_PATH, else llvm-symbolizer found on PATH, else none.
// RUN: %cc_core -o %t
// RUN: rm -rf %t.bin && mkdir -p %t.bin && printf '#!/bin/sh\n' > %t.bin/llvm-symbolizer && chmod +x %t.bin/llvm-symbolizer
// RUN: env -u LLVM_SYMBOLIZER_PATH PATH=%t.bin:/usr/bin:/bin %t | FileCheck %s --check-prefix=ONPATH
// RUN: env LLVM_SYMBOLIZER_PATH=/opt/sym PATH=%t.bin %t | FileCheck %s --check-prefix=ENV
// RUN: env -u LLVM_SYMBOLIZER_PATH PATH=/nonexistent %t | FileCheck %s --check-prefix=NONE
// RUN: env LLVM_SYMBOLIZER_PATH=/opt/sym CSAN_OPTIONS=symbolizer_path=/x/y %t | FileCheck %s --check-prefix=FLAG
#include <stdio.h>

#include "csan_flags.h"

int main(void) {
  csan_flags f;
  char buf[4096];
  csan_flags_init(&f);
  const char *s = csan_flags_symbolizer(&f, buf, sizeof(buf));
  printf("symbolizer: %s\n", s ? s : "(none)");
  return 0;
}

// ONPATH: symbolizer: {{.*}}.bin/llvm-symbolizer
// ENV: symbolizer: /opt/sym
// NONE: symbolizer: (none)
// FLAG: symbolizer: /x/y
