; Calls of the C library that touch a range and stay calls: memcpy, memmove
; and memset as their intrinsics; fread writes size*n bytes of its buffer,
; fwrite reads them. Other calls are left alone.
; RUN: %opt -passes=csan-host -csan-host-accesses -S %s | FileCheck %s
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

declare ptr @memcpy(ptr, ptr, i64)
declare ptr @memset(ptr, i32, i64)
declare i64 @fread(ptr, i64, i64, ptr)
declare i64 @fwrite(ptr, i64, i64, ptr)
declare i64 @strlen(ptr)

define void @io(ptr %buf, i64 %n, ptr %f) {
  %a = call ptr @memcpy(ptr %buf, ptr %f, i64 %n)
  %b = call ptr @memset(ptr %buf, i32 0, i64 %n)
  %r = call i64 @fread(ptr %buf, i64 4, i64 %n, ptr %f)
  %w = call i64 @fwrite(ptr %buf, i64 8, i64 %n, ptr %f)
  %l = call i64 @strlen(ptr %buf)
  ret void
}
; CHECK-LABEL: define void @io(
; CHECK:      call void @__csan_host_access(ptr %buf, i64 %n, i32 1,
; CHECK-NEXT: call void @__csan_host_access(ptr %f, i64 %n, i32 0,
; CHECK-NEXT: %a = call ptr @memcpy
; CHECK-NEXT: call void @__csan_host_access(ptr %buf, i64 %n, i32 1,
; CHECK-NEXT: %b = call ptr @memset
; CHECK:      %[[R:.*]] = mul i64 4, %n
; CHECK-NEXT: call void @__csan_host_access(ptr %buf, i64 %[[R]], i32 1,
; CHECK-NEXT: %r = call i64 @fread
; CHECK:      %[[W:.*]] = mul i64 8, %n
; CHECK-NEXT: call void @__csan_host_access(ptr %buf, i64 %[[W]], i32 0,
; CHECK-NEXT: %w = call i64 @fwrite
; CHECK-NEXT: %l = call i64 @strlen
