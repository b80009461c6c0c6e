; Synchronization ends the window in which checks merge: a barrier, a fence,
; an atomic stronger than monotonic, a call that may synchronize, or an
; instruction that may not return keep the checks on both sides. A monotonic
; atomic or a nosync call in between does not.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @barrier__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK:       call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
define void @barrier(ptr %p) {
  %a = load i32, ptr %p, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  store i32 %a, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define void @fence__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK:       fence syncscope("device") acq_rel
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
define void @fence(ptr %p) {
  %a = load i32, ptr %p, align 4
  fence syncscope("device") acq_rel
  %b = load i32, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define void @acquire__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK:       call ptr @__csan_dev_atomic_read4(ptr %csan.ctx, ptr %flag,
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
define void @acquire(ptr %p, ptr %flag) {
  %a = load i32, ptr %p, align 4
  %f = load atomic i32, ptr %flag acquire, align 4
  %b = load i32, ptr %p, align 4
  ret void
}

; A monotonic atomic orders nothing: the second read merges.
; CHECK-LABEL: define void @monotonic__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %cnt,
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev_read4
; CHECK:       ret void
define void @monotonic(ptr %p, ptr %cnt) {
  %a = load i32, ptr %p, align 4
  %old = atomicrmw add ptr %cnt, i32 1 monotonic, align 4
  %b = load i32, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define void @calls__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  %a = load
; CHECK-NEXT:  call void @nosync_fn()
; CHECK-NEXT:  %b = load
; CHECK:       call void @may_sync()
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  %c = load
define void @calls(ptr %p) {
  %a = load i32, ptr %p, align 4
  call void @nosync_fn()
  %b = load i32, ptr %p, align 4
  call void @may_sync()
  %c = load i32, ptr %p, align 4
  ret void
}

; A read followed by a write only after a call that may not return: the
; read keeps its check, it may be the only access that happens.
; CHECK-LABEL: define void @may_not_return__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK:       call void @may_exit()
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
define void @may_not_return(ptr %p) {
  %a = load i32, ptr %p, align 4
  call void @may_exit() nosync
  store i32 1, ptr %p, align 4
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @nosync_fn() nosync nounwind willreturn memory(none)
declare void @may_sync()
declare void @may_exit()
