; csan-device and csan-device-link touch only nvptx modules; a host module
; comes out unchanged (and needs no device runtime).
; RUN: %opt -passes=csan-device,csan-device-link -csan-rt-bitcode=%t.missing.bc -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-NOT: __csan
; CHECK-LABEL: define void @host(ptr %p) {
; CHECK-NEXT:  store i32 1, ptr %p, align 4
; CHECK-NEXT:  ret void
; CHECK-NOT: __csan
define void @host(ptr %p) {
  store i32 1, ptr %p, align 4
  ret void
}
