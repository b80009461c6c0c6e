; A sized check tells the inlined fast path the access's alignment (an
; llvm.assume "align" bundle on the checked address): an access aligned to
; its size cannot cross a 16-byte granule, so once the runtime is inlined its
; crossing test folds away. An access with less alignment than its size, or
; at an offset that breaks the alignment, gets no assumption and keeps the
; test. (No assumption for masked or gathered lanes.)
; RUN: %opt -passes=csan-device -S %s | FileCheck %s
;
; With the real runtime linked: the aligned check has no crossing test (the
; granule offset `& 15` is gone: the cover mask uses `& 12`, the offsets an
; aligned 4-byte access can have), the unaligned one keeps it.
; RUN: %opt -passes=csan-device,csan-device-link -csan-rt-bitcode=%csan_rt_bc -S %s \
; RUN:   | FileCheck %s --check-prefix=LINK

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @aligned__csan(
; CHECK:       call void @llvm.assume(i1 true) [ "align"(ptr %p, i64 4) ]
; CHECK:       call {{.*}}@__csan_dev_write4(ptr {{.*}}%csan.ctx, ptr %p,
; LINK-LABEL:  define ptx_kernel void @aligned__csan(
; LINK-NOT:    and i32 {{.*}}, 15
; LINK:        ret void
define ptx_kernel void @aligned(ptr addrspace(1) %g) {
  %p = addrspacecast ptr addrspace(1) %g to ptr
  store i32 1, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @unaligned__csan(
; CHECK-NOT:   @llvm.assume
; CHECK:       call {{.*}}@__csan_dev_write4(ptr {{.*}}%csan.ctx, ptr %p,
; LINK-LABEL:  define ptx_kernel void @unaligned__csan(
; LINK:        and i32 {{.*}}, 15
; LINK:        ret void
define ptx_kernel void @unaligned(ptr addrspace(1) %g) {
  %p = addrspacecast ptr addrspace(1) %g to ptr
  store i32 1, ptr %p, align 2
  ret void
}

; An 8-aligned base at offset 4 (a struct's second int): aligned to 4.
; CHECK-LABEL: define ptx_kernel void @offset__csan(
; CHECK:       call void @llvm.assume(i1 true) [ "align"(ptr %q, i64 4) ]
; CHECK:       call {{.*}}@__csan_dev_read4(ptr {{.*}}%csan.ctx, ptr %q,
define ptx_kernel void @offset(ptr addrspace(1) %g, ptr addrspace(1) %out) {
  %p = addrspacecast ptr addrspace(1) %g to ptr
  %q = getelementptr i8, ptr %p, i64 4
  %v = load i32, ptr %q, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}
