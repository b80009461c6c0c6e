// The annotation API (include/csan/csan.h): an operation csan cannot see
// into declares a strided write (16 bytes of each of 3 rows, 64 apart) and
// a read. A kernel on another stream reads row 1 afterwards: write-read,
// the previous side named by the annotation, issued at csan_annotate_begin's
// line (RACE). The fixed twin reads the gap between rows 0 and 1. A stray
// csan_annotate_end and a range outside a bracket are ignored with a
// warning, once each.
// RUN: %cc_rt -I%csan_src/include -o %t
// RUN: %run %t race > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=RACE < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED < %t.out
#include <csan/csan.h>

#include "lib_test.h"

int main(int argc, char **argv) {
  int race = argc > 1 && !strcmp(argv[1], "race");
  lib_kernels_register();
  cudaStream_t s1, s2;
  NONBLOCKING_STREAM(s1);
  NONBLOCKING_STREAM(s2);
  char *tile, *in;
  CK(__csan_cudaMalloc((void **)&tile, 256, SITE));
  CK(__csan_cudaMalloc((void **)&in, 64, SITE));
  csan_annotate_end();       // stray: warned, ignored
  csan_annotate_read(in, 8); // outside a bracket: warned, ignored
  csan_annotate_end();
  csan_annotate_begin(s1, "tile_copy");
  csan_annotate_read(in, 64);
  csan_annotate_write_2d(tile, 16, 3, 64);
  csan_annotate_end();
  KREAD(s2, tile + (race ? 64 : 16), 16);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("enabled=%d", csan_enabled());
  return 0;
}

// RACE:      csan: WARNING: csan_annotate_end without csan_annotate_begin: ignored
// RACE-NEXT: csan: WARNING: csan_annotate_read/write outside a csan_annotate_begin/end bracket: ignored
// RACE:      WARNING: csan: data race (write-read) on 16 bytes at
// RACE:        Previous write by tile_copy on stream
// RACE-NEXT:     operation #[[#]] on slot [[#]]
// RACE-NEXT:     issued at:
// RACE-NEXT:       #0 0x{{[0-9a-f]+}} in main {{.*}}annotate-2d.c:[[#@LINE-16]]:3
// RACE:        Location: bytes [64, 80) of a 256-byte allocation at
// RACE:      enabled=1
// RACE-NEXT: csan: reported 1 data race(s)
// RACE-NEXT: exit=66

// FIXED-NOT: data race
// FIXED: enabled=1
// FIXED-NEXT: exit=0
