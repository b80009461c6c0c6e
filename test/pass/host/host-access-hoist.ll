; Regions change only inside calls: in a loop without calls the bounds are
; loaded once, in the preheader; a loop with a call loads them at each
; check.
; RUN: %opt -passes=csan-host -csan-host-accesses -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @opaque()

define void @callfree(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %a = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 0, ptr %a, align 4
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK-LABEL: define void @callfree(
; CHECK:      entry:
; CHECK-NEXT: %csan.lo = load i64, ptr @__csan_host_bounds
; CHECK-NEXT: %csan.span = load i64
; CHECK-NEXT: br label %loop
; CHECK:      loop:
; CHECK-NOT:  load i64, ptr @__csan_host_bounds
; CHECK:      call void @__csan_host_access(ptr %a, i64 4, i32 1,

define void @withcall(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %a = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 0, ptr %a, align 4
  call void @opaque()
  %i1 = add i64 %i, 1
  %done = icmp eq i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}
; CHECK-LABEL: define void @withcall(
; CHECK:      entry:
; CHECK-NEXT: br label %loop
; CHECK:      loop:
; CHECK:      %csan.lo = load i64, ptr @__csan_host_bounds
