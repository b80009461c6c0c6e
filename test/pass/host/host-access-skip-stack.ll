; Stack memory whose address never leaves the function cannot have been
; registered with cudaHostRegister: its accesses are skipped. A stack
; buffer whose address escapes (here to cudaHostRegister) is checked.
; RUN: %opt -passes=csan-host -csan-host-accesses -csan-host-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare i32 @cudaHostRegister(ptr, i64, i32)

define i32 @local() {
  %a = alloca [4 x i32], align 16
  store i32 1, ptr %a, align 4
  %v = load i32, ptr %a, align 4
  ret i32 %v
}
; CHECK-LABEL: define i32 @local(
; CHECK-NOT: __csan_host_access
; CHECK: ret i32

define i32 @registered() {
  %a = alloca [4 x i32], align 16
  %r = call i32 @cudaHostRegister(ptr %a, i64 16, i32 0)
  store i32 1, ptr %a, align 4
  %v = load i32, ptr %a, align 4
  ret i32 %v
}
; CHECK-LABEL: define i32 @registered(
; CHECK: call void @__csan_host_access(ptr %a, i64 4, i32 1,
; CHECK: call void @__csan_host_access(ptr %a, i64 4, i32 0,

; STATS: host accesses checked: 2
; STATS: host accesses skipped, stack memory whose address does not escape: 2
