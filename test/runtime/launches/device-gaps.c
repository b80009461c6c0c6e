// The exit summary names device accesses the pass left without a check: the
// runtime reads the gap table of each module whose kernel it launches
// (CSAN_MODULE_GAPS_NAME), once per module however many launches, and prints
// the accesses per reason. A module without a table (nothing left
// unchecked where a race could hide) adds no line.
// RUN: %cc_rt -o %t
// RUN: %run %t gaps > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=GAPS < %t.out
// RUN: %run %t none > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=NONE --implicit-check-not=csan: < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)

int main(int argc, char **argv) {
  int gaps = argc > 1 && !strcmp(argv[1], "gaps");
  if (gaps)
    fake_cuda_module_gaps("3\tinline asm: instruction not understood\n"
                          "1\ttexture/surface (handle)\n");
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, NULL);
  int *buf;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  LAUNCH(fill, 0, &buf);
  LAUNCH(fill, 0, &buf);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("launches: %lu instrumented", fake_cuda_count("launch:twin"));
  return 0;
}

// GAPS:      launches: 2 instrumented
// GAPS-NEXT: csan: 4 device access(es) in 1 loaded module(s) have no check (a race through them is not seen; -mllvm -csan-stats shows where):
// GAPS-NEXT: csan:   inline asm: instruction not understood: 3
// GAPS-NEXT: csan:   texture/surface (handle): 1
// GAPS-NEXT: exit=0

// NONE:      launches: 2 instrumented
// NONE-NEXT: exit=0
