; A csan_api.def function that the module defines itself (a mock, an
; interposer) is not the CUDA runtime's: its callers keep calling it. A
; declared one in the same module is redirected.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @cudaStreamSynchronize(ptr %s) {
  ret i32 0
}

define i32 @user(ptr %s) {
  %a = call i32 @cudaStreamSynchronize(ptr %s)
  %b = call i32 @cudaStreamQuery(ptr %s)
  %c = add i32 %a, %b
  ret i32 %c
}
; CHECK-LABEL: define i32 @user(
; CHECK-NEXT:  %a = call i32 @cudaStreamSynchronize(ptr %s)
; CHECK-NEXT:  %b = call i32 @__csan_cudaStreamQuery(ptr %s, ptr @{{__csan_host_site[.0-9]*}})
; CHECK-NOT:   __csan_cudaStreamSynchronize
; CHECK-NOT:   __csan_nosite_cudaStreamSynchronize

declare i32 @cudaStreamQuery(ptr)
