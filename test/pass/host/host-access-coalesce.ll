; Within one block and no call between, a load of the bytes a later store
; writes is covered by the store's check, and neighbouring accesses of one
; kind from one base are one check of their hull (an unrolled vector
; loop's two stores: 32 bytes from %p).
; RUN: %opt -passes=csan-host -csan-host-accesses -csan-host-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @opaque()

define void @rmw(ptr %p) {
  %q = getelementptr inbounds i8, ptr %p, i64 16
  %a = load <4 x i32>, ptr %p, align 4
  %b = load <4 x i32>, ptr %q, align 4
  %c = add <4 x i32> %a, %b
  store <4 x i32> %c, ptr %p, align 4
  store <4 x i32> %c, ptr %q, align 4
  ret void
}
; CHECK-LABEL: define void @rmw(
; CHECK:     %csan.hull = getelementptr i8, ptr %p, i64 0
; CHECK:     call void @__csan_host_access(ptr %csan.hull, i64 32, i32 1,
; CHECK-NOT: call void @__csan_host_access(
; CHECK:     ret void

; A call between them keeps the checks apart (the program may synchronize).
define void @apart(ptr %p) {
  %v = load i32, ptr %p, align 4
  call void @opaque()
  store i32 %v, ptr %p, align 4
  ret void
}
; CHECK-LABEL: define void @apart(
; CHECK: call void @__csan_host_access(ptr %p, i64 4, i32 0,
; CHECK: call void @opaque()
; CHECK: call void @__csan_host_access(ptr %p, i64 4, i32 1,

; STATS: host accesses checked: 3
; STATS: host accesses skipped, read before a write of the same bytes in one block: 2
; STATS: host accesses skipped, covered by a neighbouring check in one block: 1
