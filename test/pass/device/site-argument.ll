; The site argument is the descriptor's offset from the module's anchor,
; computed by instructions (PTX has no relocation for a symbol difference):
; trunc(ptrtoint(@site) - ptrtoint(@__csan_module_anchor)). The anchor is a
; weak i8 in global memory: it exists once per program under -fgpu-rdc.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: @__csan_module_anchor = weak addrspace(1) global i8 0

; CHECK-LABEL: define void @f__csan(
; CHECK:       %csan.anchor = ptrtoint ptr addrspace(1) @__csan_module_anchor to i64
; CHECK:       [[SITE:%.*]] = ptrtoint ptr addrspace(1) @csan.site to i64
; CHECK-NEXT:  [[OFF:%.*]] = sub i64 [[SITE]], %csan.anchor
; CHECK-NEXT:  [[ARG:%.*]] = trunc i64 [[OFF]] to i32
; CHECK-NEXT:  call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p, i32 [[ARG]])
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4
  ret void
}
