; A device module without checks needs no runtime: csan-device-link leaves it
; alone, even when the runtime path does not exist.
; RUN: %opt -passes=csan-device,csan-device-link -csan-rt-bitcode=%t.does-not-exist.bc -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-NOT: __csan
; CHECK-LABEL: define i32 @f(
define i32 @f(i32 %x) {
  ret i32 %x
}
