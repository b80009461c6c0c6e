; A check that covers earlier accesses of its block runs before the first of
; them, so that no covered access touches its bytes unchecked: with memory
; errors on, a read of a host pointer faults at once and the device's record
; of it must already be written, and a read of freed bytes is redirected.
; Earlier accesses of exactly its bytes through the same pointer use the
; address it returns. When its address is computed only after the first
; covered access, the covered checks stay where they were.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Two reads, then the write: one write check before the first read; all
; three accesses use its address.
; CHECK-LABEL: define void @read_read_write__csan(
; CHECK:       %csan.use = call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  %a = load i32, ptr %csan.use
; CHECK-NEXT:  %b = load i32, ptr %csan.use
; CHECK-NOT:   @__csan_dev
; CHECK:       store i32 %s, ptr %csan.use
define void @read_read_write(ptr %p) {
  %a = load i32, ptr %p, align 4
  %b = load i32, ptr %p, align 4
  %s = add i32 %a, %b
  store i32 %s, ptr %p, align 4
  ret void
}

; A wide write over a narrower earlier read: the write's check runs first;
; the read (other bytes than the check's) keeps its own address.
; CHECK-LABEL: define void @wide_write_after_read__csan(
; CHECK:       %csan.use = call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  %x = load i32, ptr %hi
; CHECK-NOT:   @__csan_dev
; CHECK:       store i64 0, ptr %csan.use
define void @wide_write_after_read(ptr %p) {
  %hi = getelementptr i8, ptr %p, i64 4
  %x = load i32, ptr %hi, align 4
  store i64 0, ptr %p, align 8
  ret void
}

; The write's address is computed after the read: both checks stay, each at
; its own access.
; CHECK-LABEL: define void @address_after_read__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %hi,
; CHECK-NEXT:  %x = load i32
; CHECK:       %lo = getelementptr i8, ptr %p, i64 0
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %lo,
; CHECK-NEXT:  store i64
define void @address_after_read(ptr %p) {
  %hi = getelementptr i8, ptr %p, i64 4
  %x = load i32, ptr %hi, align 4
  %lo = getelementptr i8, ptr %p, i64 0
  store i64 0, ptr %lo, align 8
  ret void
}

; A later covering check moves up only within its window: a barrier between
; the read and the write keeps both checks.
; CHECK-LABEL: define void @barrier_between__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  %v = load i32
; CHECK:       call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  store i32
define void @barrier_between(ptr %p) {
  %v = load i32, ptr %p, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  store i32 %v, ptr %p, align 4
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
