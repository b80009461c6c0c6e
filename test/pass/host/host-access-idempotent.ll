; Running csan-host twice with -csan-host-accesses checks each access once:
; the module flag csan.host_accesses says it is done.
; RUN: %opt -passes=csan-host,csan-host -csan-host-accesses -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @f(ptr %p) {
  store i32 1, ptr %p, align 4
  ret void
}
; CHECK-LABEL: define void @f(
; CHECK-COUNT-1: call void @__csan_host_access(
; CHECK-NOT: call void @__csan_host_access(
; CHECK: !{i32 2, !"csan.host_accesses", i32 1}
