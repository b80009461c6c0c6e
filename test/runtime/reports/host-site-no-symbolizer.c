// Where no llvm-symbolizer can be found (a GPU machine without LLVM, as
// here with a PATH that holds none), a report still names each host call's
// file, line and function: the innermost frame takes the call site the
// compiler embedded (SITE, as csan-host passes it), and deeper frames show
// their module and offset. The allocation's stack too. With the symbolizer
// (default PATH) every frame of the test is symbolized.
// RUN: %cc_rt -o %t
// RUN: %run env PATH=%t.nowhere %t > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --check-prefixes=CHECK,NOSYM < %t.out
// RUN: %run env CSAN_OPTIONS=report_format=json PATH=%t.nowhere %not %t > %t.json 2>&1
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %run %t > %t.sym 2>&1; echo "exit=$?" >> %t.sym
// RUN: FileCheck %s --check-prefixes=CHECK,SYM < %t.sym
#include "rw_kernels.h"

static int g_read_line;

__attribute__((noinline)) static void issue_read(int *buf, cudaStream_t b) {
  g_read_line = __LINE__ + 1;
  LAUNCH(read4, b, &buf);
}

int main(void) {
  rw_kernels_register();
  cudaStream_t a, b;
  NONBLOCKING_STREAM(a);
  NONBLOCKING_STREAM(b);
  int *buf;
  int line = __LINE__ + 1;
  CK(__csan_cudaMalloc((void **)&buf, 16, SITE));
  LAUNCH(write4, a, &buf);
  issue_read(buf, b);
  CK(__csan_cudaDeviceSynchronize(SITE));
  NOTE("lines %d %d %d %d", line, line + 1, g_read_line, line + 2);
  return 0;
}

// CHECK:       WARNING: csan: data race (write-read) on 16 bytes
// CHECK:         Read of size 4 at {{.*}} by kernel read4(int*) on stream
// CHECK:           issued at:
// CHECK-NEXT:        #0 0x{{[0-9a-f]+}} in issue_read {{.*}}host-site-no-symbolizer.c:[[#READ:]]
// NOSYM-NEXT:        #1 0x{{[0-9a-f]+}} ({{.*}}host-site-no-symbolizer.c.tmp+0x{{[0-9a-f]+}})
// SYM-NEXT:          #1 0x{{[0-9a-f]+}} in main {{.*}}host-site-no-symbolizer.c:[[#CALL:]]
// CHECK:         Previous write of size 4 by kernel write4(int*) on stream
// CHECK:           issued at:
// CHECK-NEXT:        #0 0x{{[0-9a-f]+}} in main {{.*}}host-site-no-symbolizer.c:[[#WRITE:]]
// CHECK:         Location: bytes [0, 16) of a 16-byte allocation at {{.*}} made by cudaMalloc at:
// CHECK-NEXT:        #0 0x{{[0-9a-f]+}} in main {{.*}}host-site-no-symbolizer.c:[[#ALLOC:]]
// CHECK:       SUMMARY: csan: data race (write-read) k.cu:8:5 in read4(int*)
// CHECK:       lines [[#ALLOC]] [[#WRITE]] [[#READ]]
// SYM-SAME:     [[#CALL]]
// CHECK:       exit=66

// JSON: "function":"main","file":"{{[^"]*}}host-site-no-symbolizer.c","line":[[#]]
