; An invoke of a CUDA runtime function becomes an invoke of its wrapper with
; the same normal and unwind destinations; its result is used in the normal
; destination as before. An invoke of any other function is left alone.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @alloc_or_cleanup(ptr %p) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @cudaMalloc(ptr noundef %p, i64 noundef 64)
          to label %ok unwind label %lpad
ok:
  %v = invoke i32 @not_cuda(i32 %r)
          to label %done unwind label %lpad
done:
  ret i32 %v
lpad:
  %lp = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp
}
; CHECK-LABEL: define i32 @alloc_or_cleanup(
; CHECK:       %r = invoke i32 @__csan_cudaMalloc(ptr noundef %p, i64 noundef 64, ptr @__csan_host_site)
; CHECK-NEXT:    to label %ok unwind label %lpad
; CHECK:       ok:
; CHECK-NEXT:  %v = invoke i32 @not_cuda(i32 %r)
; CHECK-NEXT:    to label %done unwind label %lpad
; CHECK:       lpad:
; CHECK-NEXT:  %lp = landingpad { ptr, i32 }
; CHECK-NOT:   @cudaMalloc

declare i32 @cudaMalloc(ptr noundef, i64 noundef)
declare i32 @not_cuda(i32)
declare i32 @__gxx_personality_v0(...)
