; Stores are checked as writes (kind 1), atomics as atomic accesses (3 for
; a read-modify-write, an atomic store or a cmpxchg; 2 for an atomic load).
; The size is the stored type's.
; RUN: %opt -passes=csan-host -csan-host-accesses -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define void @put(ptr %p, i64 %v) {
  store i64 %v, ptr %p, align 8
  ret void
}
; CHECK-LABEL: define void @put(
; CHECK: call void @__csan_host_access(ptr %p, i64 8, i32 1, ptr

define void @vec(ptr %p, <4 x float> %v) {
  store <4 x float> %v, ptr %p, align 16
  ret void
}
; CHECK-LABEL: define void @vec(
; CHECK: add i64 %{{.*}}, 15
; CHECK: call void @__csan_host_access(ptr %p, i64 16, i32 1, ptr

define i32 @atomics(ptr %p) {
  %a = atomicrmw add ptr %p, i32 1 seq_cst, align 4
  %b = load atomic i32, ptr %p acquire, align 4
  store atomic i32 %b, ptr %p release, align 4
  %c = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst, align 4
  ret i32 %a
}
; CHECK-LABEL: define i32 @atomics(
; CHECK: call void @__csan_host_access(ptr %p, i64 4, i32 3, ptr
; CHECK: call void @__csan_host_access(ptr %p, i64 4, i32 2, ptr
; CHECK: call void @__csan_host_access(ptr %p, i64 4, i32 3, ptr
; CHECK: call void @__csan_host_access(ptr %p, i64 4, i32 3, ptr
