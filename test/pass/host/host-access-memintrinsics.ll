; Memory intrinsics are ranges: memcpy and memmove check the destination
; (write) and the source (read) over their length, memset the destination;
; the runtime tests the bounds itself (no inline test).
; RUN: %opt -passes=csan-host -csan-host-accesses -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define void @copies(ptr %d, ptr %s, i64 %n) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 32, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 %n, i1 false)
  ret void
}
; CHECK-LABEL: define void @copies(
; CHECK-NOT: csan.hit
; CHECK:      call void @__csan_host_access(ptr %d, i64 %n, i32 1,
; CHECK-NEXT: call void @__csan_host_access(ptr %s, i64 %n, i32 0,
; CHECK-NEXT: call void @llvm.memcpy
; CHECK-NEXT: call void @__csan_host_access(ptr %d, i64 32, i32 1,
; CHECK-NEXT: call void @__csan_host_access(ptr %s, i64 32, i32 0,
; CHECK-NEXT: call void @llvm.memmove
; CHECK-NEXT: call void @__csan_host_access(ptr %d, i64 %n, i32 1,
; CHECK-NEXT: call void @llvm.memset
