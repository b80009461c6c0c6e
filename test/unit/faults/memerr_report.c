// The memory-error report, as text and as JSON objects: the kind, the access, who made it
// (a copy's API and line, or a kernel's name, device line, block and thread
// and launch line), where the bad byte is relative to the allocation and how
// that was made (and freed). One report per (kind, site): a second error at
// the same line is counted, not printed; another line is printed.
// RUN: %cc_core -o %t && %t text | FileCheck %s
// RUN: %t json | FileCheck %s --check-prefix=JSON
#include <stdio.h>
#include <string.h>

#include "csan_memerr.h"
#include "csan_report.h"

int main(int argc, char **argv) {
  csan_flags f;
  csan_flags_defaults(&f);
  if (argc > 1 && !strcmp(argv[1], "json"))
    f.report_format = CSAN_REPORT_JSON;
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
  csan_memerr_who copy = {"cudaMemcpy", false, {"main.cu", "main", 20, 5}, 0, NULL, 0, false,
                          {0}, {0}};
  csan_memerr_report(&f, &e, &copy);
  printf("again: %d\n", csan_memerr_report(&f, &e, &copy));

  csan_alloc_event fr = {"cudaFree", 0, 0, 0, 0, {"main.cu", "main", 30, 3}, 0};
  csan_allocs_remove(g, 0x100000, &fr, NULL);
  acc.addr = 0x100010;
  acc.write = false;
  csan_memerr_classify(g, &acc, &e);
  csan_memerr_who k = {"_Z6kernelPi", true, {"main.cu", "main", 33, 3}, 0, "main.cu", 7, true,
                       {1, 0, 0}, {4, 0, 0}};
  csan_memerr_report(&f, &e, &k);
  printf("count: %llu\n", (unsigned long long)csan_memerr_count());
  csan_allocs_destroy(g);
  return 0;
}

// CHECK:      ==================
// CHECK-NEXT: csan: ERROR: out of bounds: write of 4 bytes at 0x100404 by cudaMemcpy
// CHECK-NEXT:   called at main.cu:20:5
// CHECK:        0x100404 is 4 bytes after the end of a 1024-byte allocation [0x100000, 0x100400) made by cudaMalloc at main.cu:12:3
// CHECK:      SUMMARY: csan: out-of-bounds main.cu:20:5 in cudaMemcpy
// CHECK-NEXT: ==================
// CHECK-NEXT: again: 0
// CHECK-NEXT: ==================
// CHECK-NEXT: csan: ERROR: use after free: read of 4 bytes at 0x100010 by kernel kernel(int*) at main.cu:7
// CHECK-NEXT:   block (1,0,0), thread (4,0,0)
// CHECK-NEXT:   launched at main.cu:33:3
// CHECK:        0x100010 is 16 bytes inside a 1024-byte freed allocation [0x100000, 0x100400) made by cudaMalloc at main.cu:12:3
// CHECK:        freed by cudaFree at main.cu:30:3
// CHECK:      SUMMARY: csan: use-after-free main.cu:7 in kernel(int*)
// CHECK-NEXT: ==================
// CHECK-NEXT: count: 3

// JSON:      {"type":"memory-error","kind":"out-of-bounds","access":"write","address":"0x100404","size":4,"bad":"0x100404","what":"cudaMemcpy","kernel":false,"file":"main.cu","line":20,"stack":[{"function":"main","file":"main.cu","line":20,"column":5}],"device_file":null,"device_line":0,"allocation":{"base":"0x100000","size":1024,"offset":1028,"freed":false,"api":"cudaMalloc","stack":[{"function":"main","file":"main.cu","line":12,"column":3}]}}
// JSON-NEXT: again: 0
// JSON-NEXT: {"type":"memory-error","kind":"use-after-free","access":"read",{{.*}}"what":"kernel(int*)","kernel":true,{{.*}}"device_file":"main.cu","device_line":7,"block":[1,0,0],"thread":[4,0,0],"allocation":{{{.*}}"offset":16,"freed":true,"api":"cudaMalloc",{{.*}}"free_api":"cudaFree","free_stack":[{"function":"main","file":"main.cu","line":30,"column":3}]}}
// JSON-NEXT: count: 3
