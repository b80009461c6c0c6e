// A kernel's memory error whose device site has line 0 (debug info without a
// line for the access) names it FILE:? on the ERROR line and in SUMMARY,
// never FILE:0; the twin with a line names FILE:LINE.
// RUN: %cc_core -o %t && %t noline | FileCheck %s --check-prefix=NOLINE
// RUN: %t line | FileCheck %s --check-prefix=WITHLINE
#include <stdio.h>
#include <string.h>

#include "csan_memerr.h"
#include "csan_report.h"

int main(int argc, char **argv) {
  bool noline = argc > 1 && !strcmp(argv[1], "noline");
  csan_flags f;
  csan_flags_defaults(&f);
  csan_log_open("stdout", NULL, 0);
  csan_allocs *g = csan_allocs_create(0);
  csan_alloc_info a;
  memset(&a, 0, sizeof a);
  a.base = 0x100000;
  a.size = 1024;
  a.flags = CSAN_ALLOC_DEVICE;
  a.made.api = "cudaMalloc";
  a.made.site = (csan_host_site){"main.cu", "main", 12, 3};
  csan_allocs_add(g, &a);

  csan_memerr_access acc = {0x100000 + 1028, 4, true, false, NULL};
  csan_memerr e;
  csan_memerr_classify(g, &acc, &e);
  csan_memerr_who k = {"_Z6kernelPi", true, {"main.cu", "main", 33, 3}, 0, "reduce.cuh",
                       noline ? 0 : 150, true, {1, 0, 0}, {4, 0, 0}};
  csan_memerr_report(&f, &e, &k);
  csan_allocs_destroy(g);
  return 0;
}

// NOLINE: csan: ERROR: out of bounds: write of 4 bytes at 0x100404 by kernel kernel(int*) at reduce.cuh:?{{$}}
// NOLINE: SUMMARY: csan: out-of-bounds reduce.cuh:? in kernel(int*){{$}}

// WITHLINE: csan: ERROR: out of bounds: write of 4 bytes at 0x100404 by kernel kernel(int*) at reduce.cuh:150{{$}}
// WITHLINE: SUMMARY: csan: out-of-bounds reduce.cuh:150 in kernel(int*){{$}}
