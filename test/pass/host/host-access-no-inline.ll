; -csan-host-accesses-inline=false calls the runtime for every checked
; access (no inline bounds test): the bisection knob for the fast filter.
; RUN: %opt -passes=csan-host -csan-host-accesses -csan-host-accesses-inline=false -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @get(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}
; CHECK-LABEL: define i32 @get(
; CHECK-NOT: csan.hit
; CHECK:      call void @__csan_host_access(ptr %p, i64 4, i32 0,
; CHECK-NEXT: %v = load i32, ptr %p
