// A kernel's store and load just past the end of a 1000-byte allocation
// land in the bytes up to the next 256 that no allocation can own (CUDA
// aligns every allocation to 256): the device's check finds them poisoned,
// records the access in the memory-error ring and sends it to csan's sink
// (the store changes nothing) or zero bytes (the load reads 0). The host
// reports each site once, as out of bounds with the kernel, its device line,
// block and thread and the allocation's line, and exits 66. The fixed twin
// stays inside; memory_errors=0 neither checks nor redirects;
// halt_on_memory_error=1 stops at the first report; report_format=json
// gives the same fields.
// RUN: %cc_rt -o %t
// RUN: %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=BAD < %t.out
// RUN: %run %t fixed > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=FIXED --implicit-check-not=csan: < %t.out
// RUN: env CSAN_OPTIONS=memory_errors=0 %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=OFF --implicit-check-not=csan: < %t.out
// RUN: env CSAN_OPTIONS=halt_on_memory_error=1 %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=HALT < %t.out
// RUN: env CSAN_OPTIONS=report_format=json %run %t bad > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefix=JSON < %t.out
#include "rt_test.h"

KERNEL_STUB(fill)

int main(int argc, char **argv) {
  int bad = argc > 1 && !strcmp(argv[1], "bad");
  fake_cuda_register_kernel((const void *)fill, "_Z4fillPi", FAKE_TWIN_OK, 1, NULL);
  int32_t st = fake_cuda_site("fill.cu", 7, 5, "_Z4fillPi", CSAN_ACC_WRITE, 4);
  int32_t ld = fake_cuda_site("fill.cu", 8, 9, "_Z4fillPi", CSAN_ACC_READ, 4);
  int *p;
  CK(__csan_cudaMalloc((void **)&p, 1000, SITE)); // line 32
  p[250] = 7; /* what the program would find there */
  LAUNCH(fill, 0, &p); // line 34
  const fake_launch *l = fake_cuda_last_launch();
  unsigned n = bad ? 251 : 250; /* bad: one past the end */
  int loaded = 0, redirected = 0;
  for (unsigned i = 0; i < n; i++) {
    int *w = fake_cuda_access_use(l, &p[i], 4, CSAN_ACC_WRITE, st);
    *w = 1;
    int *r = fake_cuda_access_use(l, &p[i], 4, CSAN_ACC_READ, ld);
    loaded += *r;
    redirected += (w != &p[i]) + (r != &p[i]);
  }
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("redirected %d loaded %d p[250] %d", redirected, loaded, p[250]);
  return 0;
}

// BAD:      ==================
// BAD-NEXT: csan: ERROR: out of bounds: write of 4 bytes at 0x{{[0-9a-f]+}} by kernel fill(int*) at fill.cu:7
// BAD-NEXT:   block (0,0,0), thread (0,0,0)
// BAD-NEXT:   launched at {{.*}}memerr-kernel-past-end.c:34:3
// BAD:        0x{{[0-9a-f]+}} is 0 bytes after the end of a 1000-byte allocation [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) made by cudaMalloc at {{.*}}memerr-kernel-past-end.c:32:3
// BAD:      SUMMARY: csan: out-of-bounds fill.cu:7 in fill(int*)
// BAD-NEXT: ==================
// BAD-NEXT: ==================
// BAD-NEXT: csan: ERROR: out of bounds: read of 4 bytes at 0x{{[0-9a-f]+}} by kernel fill(int*) at fill.cu:8
// BAD:      SUMMARY: csan: out-of-bounds fill.cu:8 in fill(int*)
// BAD:      redirected 2 loaded 250 p[250] 7
// BAD-NEXT: exit=66

// FIXED:      redirected 0 loaded 250 p[250] 7
// FIXED-NEXT: exit=0

// OFF:      redirected 0 loaded 251 p[250] 1
// OFF-NEXT: exit=0

// HALT:      csan: ERROR: out of bounds: write of 4 bytes
// HALT:      SUMMARY: csan: out-of-bounds fill.cu:7 in fill(int*)
// HALT-NOT:  redirected
// HALT:      exit=66

// JSON:      {"type":"memory-error","kind":"out-of-bounds","access":"write",{{.*}}"size":4,{{.*}}"what":"fill(int*)","kernel":true,{{.*}}"device_file":"fill.cu","device_line":7,"block":[0,0,0],"thread":[0,0,0],"allocation":{{{.*}}"size":1000,"offset":1000,"freed":false,"api":"cudaMalloc",
// JSON-NEXT: {"type":"memory-error","kind":"out-of-bounds","access":"read",{{.*}}"device_file":"fill.cu","device_line":8,
// JSON:      exit=66
