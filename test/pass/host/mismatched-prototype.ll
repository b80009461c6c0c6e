; A call through another prototype than the declaration's (a different
; parameter or return type, or a variadic call of an unprototyped C
; declaration) calls the wrapper with exactly the arguments it passed, plus
; the site: the new call's type is built from the call, not from the
; declaration. A call that matches its declaration is shown beside them.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s --implicit-check-not=@cuda

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @matching(ptr %p) {
  %r = call i32 @cudaMalloc(ptr noundef %p, i64 noundef 16)
  ret i32 %r
}
; CHECK-LABEL: define i32 @matching(
; CHECK-NEXT:  %r = call i32 @__csan_cudaMalloc(ptr noundef %p, i64 noundef 16, ptr @{{__csan_host_site[.0-9]*}})
; CHECK-NEXT:  ret i32 %r

define i32 @narrow_size(ptr %p, i32 %n) {
  %r = call i32 @cudaMalloc(ptr noundef %p, i32 noundef %n)
  ret i32 %r
}
; CHECK-LABEL: define i32 @narrow_size(
; CHECK-NEXT:  %r = call i32 @__csan_cudaMalloc(ptr noundef %p, i32 noundef %n, ptr @{{__csan_host_site[.0-9]*}})
; CHECK-NEXT:  ret i32 %r

define void @ignore_result() {
  call void @cudaDeviceSynchronize()
  ret void
}
; CHECK-LABEL: define void @ignore_result(
; CHECK-NEXT:  call void @__csan_cudaDeviceSynchronize(ptr @{{__csan_host_site[.0-9]*}})
; CHECK-NEXT:  ret void

define i32 @unprototyped(ptr %p) {
  %r = call i32 (ptr, ...) @cudaFree(ptr noundef %p)
  %s = call i32 (ptr, ...) @cudaFree(ptr noundef %p, i32 noundef 7)
  %t = add i32 %r, %s
  ret i32 %t
}
; CHECK-LABEL: define i32 @unprototyped(
; CHECK-NEXT:  %r = call i32 @__csan_cudaFree(ptr noundef %p, ptr @[[SITE3:__csan_host_site[.0-9]*]])
; CHECK-NEXT:  %s = call i32 @__csan_cudaFree(ptr noundef %p, i32 noundef 7, ptr @[[SITE3]])
; CHECK-NEXT:  %t = add i32 %r, %s

; CHECK-DAG: declare i32 @__csan_cudaMalloc(ptr noundef, i64 noundef, ptr)
; CHECK-DAG: declare i32 @__csan_cudaDeviceSynchronize(ptr)
; CHECK-DAG: declare i32 @__csan_cudaFree(ptr)

declare i32 @cudaMalloc(ptr noundef, i64 noundef)
declare i32 @cudaDeviceSynchronize()
declare i32 @cudaFree(...)
