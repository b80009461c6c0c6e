; Memory errors (DESIGN.md, decision 21): a load, store, atomicrmw or
; cmpxchg whose check comes right before it, on exactly its bytes, uses the
; address the check returns, so the runtime can send a bad access to csan's
; zero/sink bytes; a global pointer gets the returned generic one cast back.
; Accesses whose check is merged with others (one check for a run of
; stores), hoisted out of a loop, or that are calls (memcpy) keep their own
; address: they are reported, not suppressed. The original kernel is
; untouched.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-NEXT:  %v = load i32, ptr %p, align 4
; CHECK-NEXT:  store i32 %v, ptr addrspace(1) %g, align 4
; CHECK-NEXT:  atomicrmw add ptr %c

; CHECK-LABEL: define ptx_kernel void @k__csan(
; CHECK:       [[L:%csan.use[0-9]*]] = call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  %v = load i32, ptr [[L]], align 4
; CHECK:       [[S:%csan.use[0-9]*]] = call ptr @__csan_dev_write4(ptr %csan.ctx, ptr [[G:%[0-9]+]],
; CHECK-NEXT:  [[SG:%[0-9]+]] = addrspacecast ptr [[S]] to ptr addrspace(1)
; CHECK-NEXT:  store i32 %v, ptr addrspace(1) [[SG]], align 4
; CHECK:       [[A:%csan.use[0-9]*]] = call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %c,
; CHECK-NEXT:  atomicrmw add ptr [[A]], i32 1 seq_cst
; CHECK:       [[X:%csan.use[0-9]*]] = call ptr @__csan_dev_atomic_write8(ptr %csan.ctx, ptr %c8,
; CHECK-NEXT:  cmpxchg ptr [[X]], i64 0, i64 1 monotonic monotonic
define ptx_kernel void @k(ptr %p, ptr addrspace(1) %g, ptr %c, ptr %c8) {
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr addrspace(1) %g, align 4
  %a = atomicrmw add ptr %c, i32 1 seq_cst
  %x = cmpxchg ptr %c8, i64 0, i64 1 monotonic monotonic
  ret void
}

; Four 4-byte stores to an aligned base: one 16-byte check, the stores keep
; their addresses.
; CHECK-LABEL: define ptx_kernel void @run__csan(
; CHECK:       call ptr @__csan_dev_write16(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  store i32 0, ptr %p, align 16
; CHECK:       store i32 1, ptr %p1, align 4
define ptx_kernel void @run(ptr %p) {
  store i32 0, ptr %p, align 16
  %p1 = getelementptr i8, ptr %p, i64 4
  store i32 1, ptr %p1, align 4
  %p2 = getelementptr i8, ptr %p, i64 8
  store i32 2, ptr %p2, align 8
  %p3 = getelementptr i8, ptr %p, i64 12
  store i32 3, ptr %p3, align 4
  ret void
}

; A memcpy is a range check, which returns nothing.
; CHECK-LABEL: define ptx_kernel void @copy__csan(
; CHECK-DAG:   call void @__csan_dev_read_range(ptr %csan.ctx, ptr %src, i64 64,
; CHECK-DAG:   call void @__csan_dev_write_range(ptr %csan.ctx, ptr %dst, i64 64,
; CHECK:       call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 64, i1 false)
define ptx_kernel void @copy(ptr %dst, ptr %src) {
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 64, i1 false)
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
