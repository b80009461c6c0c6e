; A host module with nothing to redirect is left exactly as it was: no new
; globals, no new functions. Here: no call of a csan_api.def function, a CUDA
; function csan does not intercept (cudaGetDeviceCount), and a declaration
; of cudaMalloc that nothing uses.
; RUN: %opt -S %s -o %t.plain.ll
; RUN: %opt -passes=csan-host -S %s -o %t.csan.ll
; RUN: diff %t.plain.ll %t.csan.ll
; RUN: FileCheck %s < %t.csan.ll

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; CHECK-NOT: __csan
; CHECK: define i32 @count(ptr %n)
; CHECK-NEXT: %r = call i32 @cudaGetDeviceCount(ptr %n)
; CHECK-NOT: __csan

define i32 @count(ptr %n) {
  %r = call i32 @cudaGetDeviceCount(ptr %n)
  ret i32 %r
}

declare i32 @cudaGetDeviceCount(ptr)
declare i32 @cudaMalloc(ptr, i64)
