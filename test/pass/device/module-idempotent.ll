; Running csan-device twice instruments once: the second run sees the
; module's !csan.instrumented mark and leaves it alone (no K__csan__csan, no
; second check).
; RUN: %opt -passes=csan-device,csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-NEXT:  store
; CHECK-LABEL: define ptx_kernel void @k__csan(
; CHECK-COUNT-1: call ptr @__csan_dev_write4(
; CHECK-NOT:   call ptr @__csan_dev_write4(
; CHECK-NOT:   @k__csan__csan
define ptx_kernel void @k(ptr %p) {
  store i32 0, ptr %p, align 4
  ret void
}
