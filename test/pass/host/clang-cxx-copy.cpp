// C++ copies that lower to memmove/memcpy (std::copy of trivially copyable
// elements, std::vector's copy) are checked as ranges: the destination as a
// write, the source as a read, over the copied length.
// RUN: %csan_clangxx -O2 -std=c++17 -S -emit-llvm --csan-host-accesses %s -o - | FileCheck %s
#include <algorithm>

void stage(const int *src, int *dst, long n) { std::copy(src, src + n, dst); }

// CHECK-LABEL: define {{.*}}@_Z5stagePKiPil(
// CHECK: call void @__csan_host_access(ptr %[[DST:[0-9]+]], i64 %[[N:[0-9]+]], i32 1,
// CHECK-NEXT: call void @__csan_host_access(ptr %[[SRC:[0-9]+]], i64 %[[N]], i32 0,
// CHECK-NEXT: call void @llvm.mem{{move|cpy}}.p0.p0.i64(ptr align 4 %[[DST]], ptr align 4 %[[SRC]], i64 %[[N]]
