; A device function reads the launch context once, at entry, with
; __csan_dev_ctx() (the slot the kernel prologue wrote) and checks with it.
; A function without checked accesses does not read it.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @accumulate(ptr %out, ptr %in, i32 %n) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %csan.ctx = call ptr @__csan_dev_ctx()
; CHECK-NOT:     call ptr @__csan_dev_ctx()
; CHECK:         call void @__csan_dev_read4(ptr %csan.ctx, ptr %src,
; CHECK:         call void @__csan_dev_write4(ptr %csan.ctx, ptr %dst,
; CHECK-NOT:     call ptr @__csan_dev_ctx()
; CHECK:         ret void
define void @accumulate(ptr %out, ptr %in, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %src = getelementptr float, ptr %in, i32 %i
  %dst = getelementptr float, ptr %out, i32 %i
  %v = load float, ptr %src, align 4
  store float %v, ptr %dst, align 4
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; CHECK-LABEL: define float @pure(
; CHECK-NOT:   __csan_dev
; CHECK:       ret float
define float @pure(float %x) {
  %y = fmul float %x, %x
  ret float %y
}

; The kernel itself gets no __csan_dev_ctx(): its twin has the parameter.
; CHECK-LABEL: define ptx_kernel void @k__csan(
; CHECK-NOT:   call ptr @__csan_dev_ctx()
; CHECK:       call void @accumulate(
define ptx_kernel void @k(ptr %o, ptr %i, i32 %n) {
  call void @accumulate(ptr %o, ptr %i, i32 %n)
  ret void
}
