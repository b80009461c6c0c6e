; A kernel's byval parameters live in param space: reading them is not a
; memory access (also through grid_constant generic pointers). The pointers
; they hold are followed and checked.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%args = type { ptr, i32 }

; CHECK-LABEL: define ptx_kernel void @k__csan(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev_read
; CHECK:       [[P:%.*]] = load ptr, ptr %a
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev_read
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr [[P]],
; CHECK-NEXT:  store i32
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev_
; CHECK:       ret void
define ptx_kernel void @k(ptr byval(%args) align 8 "nvvm.grid_constant" %a) {
  %p = load ptr, ptr %a, align 8
  %nf = getelementptr %args, ptr %a, i32 0, i32 1
  %n = load i32, ptr %nf, align 4
  store i32 %n, ptr %p, align 4
  ret void
}
