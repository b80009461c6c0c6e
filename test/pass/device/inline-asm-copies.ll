; Asynchronous copies in inline PTX (CCCL's cuda::memcpy_async and
; __pipeline_memcpy_async emit cp.async asm, not the NVVM intrinsics): the
; global source of cp.async is read for cp-size bytes, or src-size bytes
; when given (an immediate or a register); cp.async.bulk reads or writes its
; global side's size bytes. Tensor-map copies, byte-masked bulk stores,
; bulk reductions and shared-to-shared copies are counted under their
; reasons; prefetches and group bookkeeping touch nothing.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @cp_async__csan(
; CHECK:       [[G:%.*]] = addrspacecast ptr addrspace(1) %g to ptr
; CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr [[G]],
; CHECK-NEXT:  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2, $2;"
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2, $3;"
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;"
; CHECK:       [[N:%.*]] = zext i32 %n to i64
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %p, i64 [[N]],
; CHECK-NEXT:  call void asm sideeffect "cp.async.cg.shared.global.L2::128B [$0], [$1], 16, $2;"
; CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  call void asm sideeffect "cp.async.cg.shared::cta.global.L2::cache_hint [$0], [$1], 16, $2;"
define void @cp_async(i32 %s, ptr addrspace(1) %g, ptr %p, i32 %n, i64 %policy) {
  %gi = ptrtoint ptr addrspace(1) %g to i64
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2, $2;", "r,l,n,~{memory}"(i32 %s, i64 %gi, i32 16)
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2, $3;", "r,l,n,n,~{memory}"(i32 %s, ptr %p, i32 16, i64 8)
  call void asm sideeffect "cp.async.ca.shared.global [$0], [$1], 4;", "r,l,~{memory}"(i32 %s, ptr %p)
  call void asm sideeffect "cp.async.cg.shared.global.L2::128B [$0], [$1], 16, $2;", "r,l,r,~{memory}"(i32 %s, ptr %p, i32 %n)
  call void asm sideeffect "cp.async.cg.shared::cta.global.L2::cache_hint [$0], [$1], 16, $2;", "r,l,l,~{memory}"(i32 %s, ptr %p, i64 %policy)
  ret void
}

; CHECK-LABEL: define void @bulk__csan(
; CHECK:       [[N1:%.*]] = zext i32 %n to i64
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %src, i64 [[N1]],
; CHECK-NEXT:  call void asm sideeffect "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %dst, i64 256,
; CHECK-NEXT:  call void asm sideeffect "cp.async.bulk.global.shared::cta.bulk_group
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @bulk(i32 %s, i32 %bar, ptr %src, ptr %dst, i32 %n, i64 %tmap) {
  call void asm sideeffect "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [$0], [$1], $2, [$3];", "r,l,r,r,~{memory}"(i32 %s, ptr %src, i32 %n, i32 %bar)
  call void asm sideeffect "cp.async.bulk.global.shared::cta.bulk_group [$0], [$1], 256;", "l,r,~{memory}"(ptr %dst, i32 %s)
  call void asm sideeffect "cp.async.bulk.global.shared::cta.bulk_group.cp_mask [$0], [$1], 256, $2;", "l,r,h,~{memory}"(ptr %dst, i32 %s, i16 -1)
  call void asm sideeffect "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [$0], [$1, {$2, $3}], [$4];", "r,l,r,r,r,~{memory}"(i32 %s, i64 %tmap, i32 0, i32 0, i32 %bar)
  call void asm sideeffect "cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [$0], [$1], 256;", "l,r,~{memory}"(ptr %dst, i32 %s)
  call void asm sideeffect "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [$0], [$1], 64, [$2];", "r,r,r,~{memory}"(i32 %s, i32 %s, i32 %bar)
  call void asm sideeffect "cp.async.bulk.prefetch.L2.global [$0], 256;", "l,~{memory}"(ptr %src)
  call void asm sideeffect "cp.async.bulk.commit_group;", "~{memory}"()
  call void asm sideeffect "cp.async.bulk.wait_group.read 0;", "~{memory}"()
  call void asm sideeffect "cp.async.mbarrier.arrive.shared.b64 [$0];", "r,~{memory}"(i32 %bar)
  call void asm sideeffect "mbarrier.init.shared.b64 [$0], $1;", "r,r,~{memory}"(i32 %bar, i32 1)
  ret void
}

; Turned off with the other bulk operations.
; RUN: %opt -passes=csan-device -csan-instrument-memintrinsics=0 -csan-stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=OFF
; OFF: memintrinsics disabled (-csan-instrument-memintrinsics){{ +}}7

; STATS:      shared memory{{ +}}3
; STATS:      bulk tensor copy (tensor map){{ +}}1
; STATS-NEXT: bulk copy with byte mask{{ +}}1
; STATS-NEXT: bulk reduction (atomic range){{ +}}1
; STATS:      inline asm: address not an operand{{ +}}0
; STATS-NEXT: inline asm: predicate not known{{ +}}0
; STATS-NEXT: inline asm: instruction not understood{{ +}}0
