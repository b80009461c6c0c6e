; NVVM intrinsics that reach global memory through a pointer are checked with
; their exact bytes: ldu, cp.async (4/8/16 bytes, or src-size bytes for .s),
; bulk copies global->shared (read) and shared->global (write), discard (a
; write), scoped atomics (sys: atomic, cta: plain). Those whose bytes cannot
; be named are counted under their own reason; hints and fences touch nothing.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @copies__csan(
; CHECK:       [[G:%.*]] = addrspacecast ptr addrspace(1) %g to ptr
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[G]],
; CHECK-NEXT:  call i32 @llvm.nvvm.ldu.global.i.i32.p1(
; CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr
; CHECK-NEXT:  call void @llvm.nvvm.cp.async.cg.shared.global.16(
; CHECK:       [[N:%.*]] = zext i32 %n to i64
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr {{.*}}, i64 [[N]],
; CHECK-NEXT:  call void @llvm.nvvm.cp.async.ca.shared.global.8.s(
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr {{.*}}, i64 {{.*}},
; CHECK-NEXT:  call void @llvm.nvvm.cp.async.bulk.global.to.shared.cta(
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr {{.*}}, i64 {{.*}},
; CHECK-NEXT:  call void @llvm.nvvm.cp.async.bulk.shared.cta.to.global(
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr {{.*}}, i64 128,
; CHECK-NEXT:  call void @llvm.nvvm.discard.global.L2(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @copies(ptr addrspace(1) %g, ptr addrspace(1) %g2, ptr addrspace(1) %g3,
                    ptr addrspace(1) %g4, ptr addrspace(1) %g5, ptr addrspace(3) %s,
                    ptr addrspace(3) %bar, i32 %n) {
  %v = call i32 @llvm.nvvm.ldu.global.i.i32.p1(ptr addrspace(1) %g, i32 4)
  call void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3) %s, ptr addrspace(1) %g2)
  call void @llvm.nvvm.cp.async.ca.shared.global.8.s(ptr addrspace(3) %s, ptr addrspace(1) %g3, i32 %n)
  call void @llvm.nvvm.cp.async.bulk.global.to.shared.cta(ptr addrspace(3) %s, ptr addrspace(3) %bar, ptr addrspace(1) %g4, i32 %n, i64 0, i1 false)
  call void @llvm.nvvm.cp.async.bulk.shared.cta.to.global(ptr addrspace(1) %g5, ptr addrspace(3) %s, i32 %n, i64 0, i1 false)
  call void @llvm.nvvm.discard.global.L2(ptr addrspace(1) %g, i64 128)
  ret void
}

; CHECK-LABEL: define void @scoped_atomics__csan(
; CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  call i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %q,
; CHECK-NEXT:  call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(
define void @scoped_atomics(ptr %p, ptr %q) {
  %a = call i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr %p, i32 1)
  %b = call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr %q, i32 1)
  ret void
}

; Counted, never checked.
; CHECK-LABEL: define void @counted(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @counted(ptr addrspace(1) %g, ptr addrspace(3) %s, ptr %gen, i32 %n, i64 %tex) {
  call void @llvm.nvvm.cp.async.bulk.shared.cta.to.global.bytemask(ptr addrspace(1) %g, ptr addrspace(3) %s, i32 %n, i64 0, i1 false, i16 -1)
  %m = call i64 @llvm.nvvm.mbarrier.arrive(ptr %gen)
  call void @llvm.nvvm.prefetch.global.L2(ptr addrspace(1) %g)
  call void @llvm.nvvm.prefetch.L1(ptr %gen)
  %t = call { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64 %tex, i32 %n)
  ret void
}

; STATS: shared memory{{ +}}1
; STATS: bulk copy with byte mask{{ +}}1
; STATS: texture/surface (handle){{ +}}1
; STATS: unclassified{{ +}}0

declare i32 @llvm.nvvm.ldu.global.i.i32.p1(ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.cg.shared.global.16(ptr addrspace(3), ptr addrspace(1))
declare void @llvm.nvvm.cp.async.ca.shared.global.8.s(ptr addrspace(3), ptr addrspace(1), i32)
declare void @llvm.nvvm.cp.async.bulk.global.to.shared.cta(ptr addrspace(3), ptr addrspace(3), ptr addrspace(1), i32, i64, i1)
declare void @llvm.nvvm.cp.async.bulk.shared.cta.to.global(ptr addrspace(1), ptr addrspace(3), i32, i64, i1)
declare void @llvm.nvvm.cp.async.bulk.shared.cta.to.global.bytemask(ptr addrspace(1), ptr addrspace(3), i32, i64, i1, i16)
declare void @llvm.nvvm.discard.global.L2(ptr addrspace(1), i64)
declare i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr, i32)
declare i64 @llvm.nvvm.mbarrier.arrive(ptr)
declare void @llvm.nvvm.prefetch.global.L2(ptr addrspace(1))
declare void @llvm.nvvm.prefetch.L1(ptr)
declare { float, float, float, float } @llvm.nvvm.tex.unified.1d.v4f32.s32(i64, i32)
