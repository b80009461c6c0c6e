; A launch whose result the program uses is followed by a call of
; __csan_launch_result_used (the program has read the launch's error, so the
; runtime does not warn that it ignored it); a launch whose result is
; dropped, as the <<<>>> stub drops it, is not. An invoke's use is noted at
; its normal destination when that block has no other predecessor. Calls of
; other groups get nothing, used or not.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i1 @checked(ptr %f, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %args) {
  %r = call i32 @cudaLaunchKernel(ptr %f, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %args, i64 0, ptr null)
  %ok = icmp eq i32 %r, 0
  ret i1 %ok
}
; CHECK-LABEL: define i1 @checked(
; CHECK-NEXT:    %r = call i32 @__csan_cudaLaunchKernel(
; CHECK-NEXT:    call void @__csan_launch_result_used()
; CHECK-NEXT:    %ok = icmp eq i32 %r, 0

define void @dropped(ptr %f, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %args) {
  %r = call i32 @cudaLaunchKernel(ptr %f, i64 %g, i32 %gz, i64 %b, i32 %bz, ptr %args, i64 0, ptr null)
  ret void
}
; CHECK-LABEL: define void @dropped(
; CHECK-NEXT:    %r = call i32 @__csan_cudaLaunchKernel(
; CHECK-NEXT:    ret void

define i32 @invoked(ptr %c, ptr %f, ptr %a) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @cudaLaunchKernelExC(ptr %c, ptr %f, ptr %a)
          to label %ok unwind label %lp
ok:
  ret i32 %r
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i32 -1
}
; CHECK-LABEL: define i32 @invoked(
; CHECK:         %r = invoke i32 @__csan_cudaLaunchKernelExC(
; CHECK:       ok:
; CHECK-NEXT:    call void @__csan_launch_result_used()
; CHECK-NEXT:    ret i32 %r

define i32 @other_group(ptr %p) {
  %r = call i32 @cudaMalloc(ptr %p, i64 16)
  ret i32 %r
}
; CHECK-LABEL: define i32 @other_group(
; CHECK-NEXT:    %r = call i32 @__csan_cudaMalloc(
; CHECK-NEXT:    ret i32 %r

declare i32 @cudaLaunchKernel(ptr, i64, i32, i64, i32, ptr, i64, ptr)
declare i32 @cudaLaunchKernelExC(ptr, ptr, ptr)
declare i32 @cudaMalloc(ptr, i64)
declare i32 @__gxx_personality_v0(...)
