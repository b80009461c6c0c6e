; Accesses of one kind to consecutive bytes of one base pointer in a block
; (an unrolled loop) share one check: the first grows over the next while
; the run stays within its alignment (at most 16 bytes: one shadow granule,
; so the check keeps the inline fast path). A run of 12 bytes is checked as
; 8 + 4. Runs past the alignment, of different kinds, with a gap, or across
; a barrier keep their own checks. -csan-optimize-checks=false keeps all.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s
; RUN: %opt -passes=csan-device -csan-optimize-checks=false -S %s | FileCheck %s --check-prefix=NOOPT

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Four floats from a 16-byte aligned base: one 16-byte check.
; CHECK-LABEL: define float @four__csan(
; CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr %p,
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret float
; NOOPT-LABEL: define float @four__csan(
; NOOPT-COUNT-4: call ptr @__csan_dev_read4(
define float @four(ptr %p) {
  %p1 = getelementptr float, ptr %p, i64 1
  %p2 = getelementptr float, ptr %p, i64 2
  %p3 = getelementptr float, ptr %p, i64 3
  %a = load float, ptr %p, align 16
  %b = load float, ptr %p1, align 4
  %c = load float, ptr %p2, align 8
  %d = load float, ptr %p3, align 4
  %s1 = fadd float %a, %b
  %s2 = fadd float %c, %d
  %s = fadd float %s1, %s2
  ret float %s
}

; Three stores from a 16-byte aligned base: 8 + 4.
; CHECK-LABEL: define void @three__csan(
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  [[P8:%.*]] = getelementptr i8, ptr %p, i64 8
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr [[P8]],
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @three(ptr %p) {
  %p1 = getelementptr i32, ptr %p, i64 1
  %p2 = getelementptr i32, ptr %p, i64 2
  store i32 0, ptr %p, align 16
  store i32 1, ptr %p1, align 4
  store i32 2, ptr %p2, align 4
  ret void
}

; Only 4-byte aligned: each its own check (a grown check could cross a
; granule and leave the fast path).
; CHECK-LABEL: define float @unaligned__csan(
; CHECK-COUNT-2: call ptr @__csan_dev_read4(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret float
define float @unaligned(ptr %p) {
  %p1 = getelementptr float, ptr %p, i64 1
  %a = load float, ptr %p, align 4
  %b = load float, ptr %p1, align 4
  %s = fadd float %a, %b
  ret float %s
}

; A read then a write, a gap: no merge. A barrier ends the window; the two
; stores after it merge among themselves.
; CHECK-LABEL: define void @apart__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p1,
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p3,
; CHECK:       call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %p,
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @apart(ptr %p) {
  %p1 = getelementptr i32, ptr %p, i64 1
  %p3 = getelementptr i32, ptr %p, i64 3
  %v = load i32, ptr %p, align 16
  store i32 %v, ptr %p1, align 4
  store i32 %v, ptr %p3, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  store i32 1, ptr %p, align 16
  store i32 2, ptr %p1, align 4
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
