; -fgpu-rdc: a C++ device function declared here and defined in another
; module is called by the name of its clone, g__csan, with the context as
; its last parameter; a weak fallback g__csan that calls g is defined here
; (the other module's strong clone overrides it at link time, see
; cu-rdc.cu). extern "C" declarations (CUDA's vprintf, malloc, ...) and
; variadic ones are called as they are. The kernel calls the originals.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s
; RUN: %opt -passes=csan-device -csan-stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare float @_Z5scalePfi(ptr, i32)
declare i32 @vprintf(ptr, ptr)
declare void @_Z6varargiz(i32, ...)

; A device function with no access of its own that calls an external one
; needs the context (the callee may have checks).
define float @_Z7forwardPf(ptr %p) {
  %r = call float @_Z5scalePfi(ptr %p, i32 0)
  ret float %r
}

define ptx_kernel void @k(ptr %p, ptr %fmt) {
  %a = call float @_Z5scalePfi(ptr %p, i32 1)
  %b = call float @_Z7forwardPf(ptr %p)
  %c = call i32 @vprintf(ptr %fmt, ptr null)
  call void (i32, ...) @_Z6varargiz(i32 1, i32 2)
  ret void
}

; CHECK-LABEL: define float @_Z7forwardPf(ptr %p) {
; CHECK-NEXT:    %r = call float @_Z5scalePfi(ptr %p, i32 0)
; CHECK-LABEL: define float @_Z7forwardPf__csan(ptr %p, ptr %csan.ctx) {
; CHECK-NEXT:    %r = call float @_Z5scalePfi__csan(ptr %p, i32 0, ptr %csan.ctx)
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-NEXT:    %a = call float @_Z5scalePfi(ptr %p, i32 1)
; CHECK-NEXT:    %b = call float @_Z7forwardPf(ptr %p)
; CHECK-LABEL: define ptx_kernel void @k__csan(
; CHECK-SAME:    %csan.ctx)
; CHECK-NEXT:    %a = call float @_Z5scalePfi__csan(ptr %p, i32 1, ptr %csan.ctx)
; CHECK-NEXT:    %b = call float @_Z7forwardPf__csan(ptr %p, ptr %csan.ctx)
; CHECK-NEXT:    %c = call i32 @vprintf(ptr %fmt, ptr null)
; CHECK-NEXT:    call void (i32, ...) @_Z6varargiz(i32 1, i32 2)
; CHECK-LABEL: define weak float @_Z5scalePfi__csan(ptr %0, i32 %1, ptr %csan.ctx) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %2 = call float @_Z5scalePfi(ptr %0, i32 %1)
; CHECK-NEXT:    ret float %2
; CHECK-NOT:   define {{.*}}vprintf__csan
; CHECK-NOT:   define {{.*}}varargiz__csan
; STATS: calls to clones of other modules (-fgpu-rdc){{ +}}1
