; Masked loads and stores, gathers and scatters check exactly the lanes that
; are on, never one that is off. A constant mask is resolved now (adjacent
; lanes of a masked load/store share one check); otherwise each lane's check
; runs under its mask bit. Expanding loads and compressing stores touch
; popcount(mask) consecutive elements.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Lanes 0-1 and 3 of 4 are on: an 8-byte check at p, a 4-byte check at p+12.
; CHECK-LABEL: define void @constant_mask__csan(
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr %p,
; CHECK:       [[L3:%.*]] = getelementptr i8, ptr %p, i64 12
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[L3]],
; CHECK-NEXT:  call <4 x float> @llvm.masked.load
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @constant_mask(ptr %p) {
  %v = call <4 x float> @llvm.masked.load.v4f32.p0(ptr align 4 %p, <4 x i1> <i1 true, i1 true, i1 false, i1 true>, <4 x float> poison)
  ret void
}

; No lane on: nothing is touched, nothing is checked.
; CHECK-LABEL: define void @all_off(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @all_off(ptr %p, <2 x double> %v) {
  call void @llvm.masked.store.v2f64.p0(<2 x double> %v, ptr align 8 %p, <2 x i1> zeroinitializer)
  ret void
}

; A mask known at run time: one guarded check per lane, at p + 8 * lane.
; CHECK-LABEL: define void @dynamic_mask__csan(
; CHECK:       [[ON0:%.*]] = extractelement <2 x i1> %m, i64 0
; CHECK-NEXT:  br i1 [[ON0]], label %[[THEN0:.*]], label %[[NEXT0:.*]]
; CHECK:       [[THEN0]]:
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %p,
; CHECK:       [[NEXT0]]:
; CHECK-NEXT:  [[ON1:%.*]] = extractelement <2 x i1> %m, i64 1
; CHECK-NEXT:  br i1 [[ON1]], label %[[THEN1:.*]], label %[[NEXT1:.*]]
; CHECK:       [[THEN1]]:
; CHECK-NEXT:  [[A1:%.*]] = getelementptr i8, ptr %p, i64 8
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr [[A1]],
; CHECK:       [[NEXT1]]:
; CHECK-NEXT:  call void @llvm.masked.store.v2f64.p0(
define void @dynamic_mask(ptr %p, <2 x double> %v, <2 x i1> %m) {
  call void @llvm.masked.store.v2f64.p0(<2 x double> %v, ptr align 8 %p, <2 x i1> %m)
  ret void
}

; Gathers and scatters: each lane has its own address.
; CHECK-LABEL: define void @gather_scatter__csan(
; CHECK:       [[P0:%.*]] = extractelement <2 x ptr> %ps, i64 0
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[P0]],
; CHECK:       [[P1:%.*]] = extractelement <2 x ptr> %ps, i64 1
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[P1]],
; CHECK:       call <2 x i32> @llvm.masked.gather
; CHECK:       [[ON:%.*]] = extractelement <2 x i1> %m, i64 0
; CHECK-NEXT:  br i1 [[ON]]
; CHECK:       [[Q0:%.*]] = extractelement <2 x ptr> %qs, i64 0
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr [[Q0]],
; CHECK:       extractelement <2 x i1> %m, i64 1
; CHECK:       [[Q1:%.*]] = extractelement <2 x ptr> %qs, i64 1
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr [[Q1]],
; CHECK:       call void @llvm.masked.scatter
define void @gather_scatter(<2 x ptr> %ps, <2 x ptr> %qs, <2 x i1> %m) {
  %v = call <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr> align 4 %ps, <2 x i1> <i1 true, i1 true>, <2 x i32> poison)
  call void @llvm.masked.scatter.v2i32.v2p0(<2 x i32> %v, <2 x ptr> align 4 %qs, <2 x i1> %m)
  ret void
}

; CHECK-LABEL: define void @expand_compress__csan(
; CHECK:       [[BITS:%.*]] = bitcast <4 x i1> %m to i4
; CHECK-NEXT:  [[N:%.*]] = call i4 @llvm.ctpop.i4(i4 [[BITS]])
; CHECK-NEXT:  [[N64:%.*]] = zext i4 [[N]] to i64
; CHECK-NEXT:  [[SIZE:%.*]] = mul i64 [[N64]], 4
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %p, i64 [[SIZE]],
; CHECK-NEXT:  call <4 x float> @llvm.masked.expandload
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %q,
; CHECK-NEXT:  call void @llvm.masked.compressstore
define void @expand_compress(ptr %p, ptr %q, <4 x i1> %m) {
  %v = call <4 x float> @llvm.masked.expandload.v4f32(ptr %p, <4 x i1> %m, <4 x float> poison)
  call void @llvm.masked.compressstore.v4f32(<4 x float> %v, ptr %q, <4 x i1> <i1 false, i1 true, i1 false, i1 true>)
  ret void
}

declare <4 x float> @llvm.masked.load.v4f32.p0(ptr, <4 x i1>, <4 x float>)
declare void @llvm.masked.store.v2f64.p0(<2 x double>, ptr, <2 x i1>)
declare <2 x i32> @llvm.masked.gather.v2i32.v2p0(<2 x ptr>, <2 x i1>, <2 x i32>)
declare void @llvm.masked.scatter.v2i32.v2p0(<2 x i32>, <2 x ptr>, <2 x i1>)
declare <4 x float> @llvm.masked.expandload.v4f32(ptr, <4 x i1>, <4 x float>)
declare void @llvm.masked.compressstore.v4f32(<4 x float>, ptr, <4 x i1>)
