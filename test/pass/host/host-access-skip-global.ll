; Globals: constant ones are skipped (constant memory), module-local ones
; whose address never escapes are skipped (no CUDA call can know them);
; globals other modules can see, or whose address escapes, are checked
; (another module may register them with cudaHostRegister).
; RUN: %opt -passes=csan-host -csan-host-accesses -csan-host-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@table = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@counter = internal global i32 0
@shared = global [64 x i32] zeroinitializer
@escaped = internal global [64 x i32] zeroinitializer
@keep = global ptr @escaped

define i32 @globals() {
  %t = load i32, ptr @table, align 4
  %c = load i32, ptr @counter, align 4
  store i32 %t, ptr @counter, align 4
  %s = load i32, ptr @shared, align 4
  %e = load i32, ptr @escaped, align 4
  %r = add i32 %s, %e
  ret i32 %r
}
; CHECK-LABEL: define i32 @globals(
; CHECK-NOT: call void @__csan_host_access(ptr @table
; CHECK-NOT: call void @__csan_host_access(ptr @counter
; CHECK: call void @__csan_host_access(ptr @shared, i64 4, i32 0,
; CHECK: call void @__csan_host_access(ptr @escaped, i64 4, i32 0,

; STATS: host accesses checked: 2
; STATS: host accesses skipped, module-local globals whose address does not escape: 2
; STATS: host accesses skipped, constant memory: 1
