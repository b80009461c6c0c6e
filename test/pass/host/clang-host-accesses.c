// The same flag checks plain C modules: csan-clang passes
// -mllvm -csan-host-accesses to cc1, and a load through a pointer argument
// gets the bounds test and the check, while a local array does not.
// RUN: %csan_clang -O1 -g -S -emit-llvm -mllvm -csan-host-accesses %s -o - | FileCheck %s
int sum(const int *p, int n) {
  int local[4] = {1, 2, 3, 4};
  int s = local[n & 3];
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}
// CHECK-LABEL: define {{.*}}i32 @sum(
// CHECK-NOT: call void @__csan_host_access(ptr @__const
// CHECK: icmp ult i64
// CHECK: call void @__csan_host_access(ptr {{.*}}, i64 4, i32 0, ptr @__csan_host_access_site
// CHECK-NOT: call void @__csan_host_access(ptr @__const
