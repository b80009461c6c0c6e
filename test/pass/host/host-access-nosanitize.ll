; Accesses marked !nosanitize and functions with
; disable_sanitizer_instrumentation (or csan's own, __csan_*) are skipped.
; RUN: %opt -passes=csan-host -csan-host-accesses -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @marked(ptr %p) {
  store i32 1, ptr %p, align 4, !nosanitize !0
  ret void
}
; CHECK-LABEL: define void @marked(
; CHECK-NOT: __csan_host_access
; CHECK: ret void

define void @optout(ptr %p) disable_sanitizer_instrumentation {
  store i32 1, ptr %p, align 4
  ret void
}
; CHECK-LABEL: define void @optout(
; CHECK-NOT: __csan_host_access
; CHECK: ret void

define void @__csan_helper(ptr %p) {
  store i32 1, ptr %p, align 4
  ret void
}
; CHECK-LABEL: define void @__csan_helper(
; CHECK-NOT: __csan_host_access
; CHECK: ret void

!0 = !{}
