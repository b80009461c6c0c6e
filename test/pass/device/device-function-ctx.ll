; A device function is checked in its clone f__csan, which takes the launch
; context as one more, last parameter and checks with it; f itself keeps
; its body. A function without checked accesses, that calls nothing that
; needs the context, gets no clone.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @accumulate(ptr %out, ptr %in, i32 %n) {
; CHECK-NOT:     __csan
; CHECK:         ret void
; CHECK-LABEL: define void @accumulate__csan(ptr %out, ptr %in, i32 %n, ptr %csan.ctx) {
; CHECK:         call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %src,
; CHECK:         call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %dst,
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
; CHECK-NOT:   define {{.*}}@pure__csan(
define float @pure(float %x) {
  %y = fmul float %x, %x
  ret float %y
}

; The kernel calls the original; its twin calls the clone with its context.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-NEXT:    call void @accumulate(ptr %o, ptr %i, i32 %n)
; CHECK-NEXT:    %s = call float @pure(float 1.0
; CHECK-LABEL: define ptx_kernel void @k__csan(
; CHECK:         call void @accumulate__csan(ptr %o, ptr %i, i32 %n, ptr %csan.ctx)
; CHECK-NEXT:    %s = call float @pure(float 1.0
define ptx_kernel void @k(ptr %o, ptr %i, i32 %n) {
  call void @accumulate(ptr %o, ptr %i, i32 %n)
  %s = call float @pure(float 1.0)
  store float %s, ptr %o, align 4
  ret void
}
