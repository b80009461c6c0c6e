; Each kernel K gets a twin K__csan with the launch context as one more,
; last parameter (byval, align 8, nvvm.grid_constant, 1088 bytes). K keeps its
; signature and its uninstrumented body. Neither gets a prologue: they call
; nothing that reads the context slot (see prologue-reachability.ll).
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The context type has csan_launch_ctx's fields and size (64 + 4 * 256).
; CHECK: %struct.csan_launch_ctx = type { i32, i16, i16, i32, i32, i64, i64, i64, i64, i64, i64, [256 x i32] }

; CHECK-LABEL: define ptx_kernel void @scale(ptr %p, float %f) {
; CHECK-NEXT:    %v = load float, ptr %p, align 4
; CHECK-NEXT:    %m = fmul float %v, %f
; CHECK-NEXT:    store float %m, ptr %p, align 4
; CHECK-NEXT:    ret void
define ptx_kernel void @scale(ptr %p, float %f) {
  %v = load float, ptr %p, align 4
  %m = fmul float %v, %f
  store float %m, ptr %p, align 4
  ret void
}

; A device function is not a kernel: no twin.
; CHECK-LABEL: define float @helper(
; CHECK-NOT: define {{.*}}@helper__csan
define float @helper(float %x) {
  %y = fadd float %x, 1.0
  ret float %y
}

; CHECK-LABEL: define ptx_kernel void @scale__csan(ptr %p, float %f, ptr noundef byval(%struct.csan_launch_ctx) align 8 "nvvm.grid_constant" %csan.ctx) {
; CHECK-NOT:     __csan_dev_kernel_entry
; CHECK:         %csan.use = call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p, i32 %csan.site{{[0-9]*}})
; CHECK-NEXT:    %v = load float, ptr %csan.use, align 4
; CHECK-NEXT:    %m = fmul
; CHECK-NEXT:    store float %m, ptr %csan.use, align 4
; CHECK-NEXT:    ret void

; No twin of a twin, no twin of a device function.
; CHECK-NOT: __csan__csan
; CHECK-NOT: define {{.*}} @helper__csan
