; memcpy and memmove read their source and write their destination, memset
; writes: range checks of exactly their length (constant or not), .inline
; forms included. memset.pattern writes count * sizeof(pattern) bytes. A
; constant length of 0 touches nothing and gets no check.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @copies__csan(
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %d, i64 %n, i32
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %s, i64 %n, i32
; CHECK-NEXT:  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %d, i64 100, i32
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %s, i64 100, i32
; CHECK-NEXT:  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 100, i1 false)
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %d, i32
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr %s, i32
; CHECK-NEXT:  call void @llvm.memcpy.inline.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false)
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @copies(ptr %d, ptr %s, i64 %n) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 %n, i1 false)
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 100, i1 false)
  call void @llvm.memcpy.inline.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false)
  ret void
}

; A 32-bit length is widened to the i64 the runtime takes.
; CHECK-LABEL: define void @sets__csan(
; CHECK:       [[N64:%.*]] = zext i32 %n to i64
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %d, i64 [[N64]], i32
; CHECK-NEXT:  call void @llvm.memset.p0.i32(ptr %d, i8 0, i32 %n, i1 false)
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %e, i64 7, i32
; CHECK-NEXT:  call void @llvm.memset.inline.p0.i64(ptr %e, i8 1, i64 7, i1 true)
; CHECK:       [[C:%.*]] = mul i64 %n64, 4
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %f, i64 [[C]], i32
; CHECK-NEXT:  call void @llvm.experimental.memset.pattern.p0.i32.i64(ptr %f, i32 -1, i64 %n64, i1 false)
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @sets(ptr %d, ptr %e, ptr %f, i32 %n, i64 %n64) {
  call void @llvm.memset.p0.i32(ptr %d, i8 0, i32 %n, i1 false)
  call void @llvm.memset.inline.p0.i64(ptr %e, i8 1, i64 7, i1 true)
  call void @llvm.experimental.memset.pattern.p0.i32.i64(ptr %f, i32 -1, i64 %n64, i1 false)
  ret void
}

; CHECK-LABEL: define void @zero_length(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @zero_length(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 0, i1 false)
  call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 0, i1 false)
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memcpy.inline.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i32(ptr, i8, i32, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memset.inline.p0.i64(ptr, i8, i64, i1)
declare void @llvm.experimental.memset.pattern.p0.i32.i64(ptr, i32, i64, i1)
