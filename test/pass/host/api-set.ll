; csan_api.def, group set: memsets
; (byval cudaPitchedPtr and cudaExtent stay byval).
; A direct call becomes a call of __csan_<name> with the same arguments and
; argument attributes plus a pointer to the call's csan_host_site, and its result
; is used as before; the original declarations are gone.
; With -csan-host-redirect=false the calls stay and nothing of csan appears.
; Prototypes and call shapes: CUDA 13 headers compiled by clang 22 for x86-64.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s --check-prefix=ON --implicit-check-not=@cuda --implicit-check-not=@__cudaRegister
; RUN: %opt -passes=csan-host -csan-host-redirect=false -S %s | FileCheck %s --check-prefix=OFF --implicit-check-not=@__csan

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.cudaExtent = type { i64, i64, i64 }
%struct.cudaPitchedPtr = type { ptr, i64, i64, i64 }

define i32 @call_cudaMemset(ptr %a0, i32 %a1, i64 %a2) {
  %r = call i32 @cudaMemset(ptr noundef %a0, i32 noundef %a1, i64 noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemset(
; ON-NEXT:    %r = call i32 @__csan_cudaMemset(ptr noundef %a0, i32 noundef %a1, i64 noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemset(
; OFF-NEXT:    %r = call i32 @cudaMemset(ptr noundef %a0, i32 noundef %a1, i64 noundef %a2)

define i32 @call_cudaMemset_ptds(ptr %a0, i32 %a1, i64 %a2) {
  %r = call i32 @cudaMemset_ptds(ptr noundef %a0, i32 noundef %a1, i64 noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemset_ptds(
; ON-NEXT:    %r = call i32 @__csan_cudaMemset_ptds(ptr noundef %a0, i32 noundef %a1, i64 noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemset_ptds(
; OFF-NEXT:    %r = call i32 @cudaMemset_ptds(ptr noundef %a0, i32 noundef %a1, i64 noundef %a2)

define i32 @call_cudaMemsetAsync(ptr %a0, i32 %a1, i64 %a2, ptr %a3) {
  %r = call i32 @cudaMemsetAsync(ptr noundef %a0, i32 noundef %a1, i64 noundef %a2, ptr noundef %a3)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemsetAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMemsetAsync(ptr noundef %a0, i32 noundef %a1, i64 noundef %a2, ptr noundef %a3, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemsetAsync(
; OFF-NEXT:    %r = call i32 @cudaMemsetAsync(ptr noundef %a0, i32 noundef %a1, i64 noundef %a2, ptr noundef %a3)

define i32 @call_cudaMemsetAsync_ptsz(ptr %a0, i32 %a1, i64 %a2, ptr %a3) {
  %r = call i32 @cudaMemsetAsync_ptsz(ptr noundef %a0, i32 noundef %a1, i64 noundef %a2, ptr noundef %a3)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemsetAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaMemsetAsync_ptsz(ptr noundef %a0, i32 noundef %a1, i64 noundef %a2, ptr noundef %a3, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemsetAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaMemsetAsync_ptsz(ptr noundef %a0, i32 noundef %a1, i64 noundef %a2, ptr noundef %a3)

define i32 @call_cudaMemset2D(ptr %a0, i64 %a1, i32 %a2, i64 %a3, i64 %a4) {
  %r = call i32 @cudaMemset2D(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, i64 noundef %a3, i64 noundef %a4)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemset2D(
; ON-NEXT:    %r = call i32 @__csan_cudaMemset2D(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, i64 noundef %a3, i64 noundef %a4, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemset2D(
; OFF-NEXT:    %r = call i32 @cudaMemset2D(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, i64 noundef %a3, i64 noundef %a4)

define i32 @call_cudaMemset2D_ptds(ptr %a0, i64 %a1, i32 %a2, i64 %a3, i64 %a4) {
  %r = call i32 @cudaMemset2D_ptds(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, i64 noundef %a3, i64 noundef %a4)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemset2D_ptds(
; ON-NEXT:    %r = call i32 @__csan_cudaMemset2D_ptds(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, i64 noundef %a3, i64 noundef %a4, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemset2D_ptds(
; OFF-NEXT:    %r = call i32 @cudaMemset2D_ptds(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, i64 noundef %a3, i64 noundef %a4)

define i32 @call_cudaMemset2DAsync(ptr %a0, i64 %a1, i32 %a2, i64 %a3, i64 %a4, ptr %a5) {
  %r = call i32 @cudaMemset2DAsync(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, i64 noundef %a3, i64 noundef %a4, ptr noundef %a5)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemset2DAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMemset2DAsync(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, i64 noundef %a3, i64 noundef %a4, ptr noundef %a5, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemset2DAsync(
; OFF-NEXT:    %r = call i32 @cudaMemset2DAsync(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, i64 noundef %a3, i64 noundef %a4, ptr noundef %a5)

define i32 @call_cudaMemset2DAsync_ptsz(ptr %a0, i64 %a1, i32 %a2, i64 %a3, i64 %a4, ptr %a5) {
  %r = call i32 @cudaMemset2DAsync_ptsz(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, i64 noundef %a3, i64 noundef %a4, ptr noundef %a5)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemset2DAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaMemset2DAsync_ptsz(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, i64 noundef %a3, i64 noundef %a4, ptr noundef %a5, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemset2DAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaMemset2DAsync_ptsz(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, i64 noundef %a3, i64 noundef %a4, ptr noundef %a5)

define i32 @call_cudaMemset3D(ptr byval(%struct.cudaPitchedPtr) align 8 %a0, i32 %a1, ptr byval(%struct.cudaExtent) align 8 %a2) {
  %r = call i32 @cudaMemset3D(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %a0, i32 noundef %a1, ptr noundef byval(%struct.cudaExtent) align 8 %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemset3D(
; ON-NEXT:    %r = call i32 @__csan_cudaMemset3D(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %a0, i32 noundef %a1, ptr noundef byval(%struct.cudaExtent) align 8 %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemset3D(
; OFF-NEXT:    %r = call i32 @cudaMemset3D(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %a0, i32 noundef %a1, ptr noundef byval(%struct.cudaExtent) align 8 %a2)

define i32 @call_cudaMemset3D_ptds(ptr byval(%struct.cudaPitchedPtr) align 8 %a0, i32 %a1, ptr byval(%struct.cudaExtent) align 8 %a2) {
  %r = call i32 @cudaMemset3D_ptds(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %a0, i32 noundef %a1, ptr noundef byval(%struct.cudaExtent) align 8 %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemset3D_ptds(
; ON-NEXT:    %r = call i32 @__csan_cudaMemset3D_ptds(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %a0, i32 noundef %a1, ptr noundef byval(%struct.cudaExtent) align 8 %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemset3D_ptds(
; OFF-NEXT:    %r = call i32 @cudaMemset3D_ptds(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %a0, i32 noundef %a1, ptr noundef byval(%struct.cudaExtent) align 8 %a2)

define i32 @call_cudaMemset3DAsync(ptr byval(%struct.cudaPitchedPtr) align 8 %a0, i32 %a1, ptr byval(%struct.cudaExtent) align 8 %a2, ptr %a3) {
  %r = call i32 @cudaMemset3DAsync(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %a0, i32 noundef %a1, ptr noundef byval(%struct.cudaExtent) align 8 %a2, ptr noundef %a3)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemset3DAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMemset3DAsync(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %a0, i32 noundef %a1, ptr noundef byval(%struct.cudaExtent) align 8 %a2, ptr noundef %a3, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemset3DAsync(
; OFF-NEXT:    %r = call i32 @cudaMemset3DAsync(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %a0, i32 noundef %a1, ptr noundef byval(%struct.cudaExtent) align 8 %a2, ptr noundef %a3)

define i32 @call_cudaMemset3DAsync_ptsz(ptr byval(%struct.cudaPitchedPtr) align 8 %a0, i32 %a1, ptr byval(%struct.cudaExtent) align 8 %a2, ptr %a3) {
  %r = call i32 @cudaMemset3DAsync_ptsz(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %a0, i32 noundef %a1, ptr noundef byval(%struct.cudaExtent) align 8 %a2, ptr noundef %a3)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemset3DAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaMemset3DAsync_ptsz(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %a0, i32 noundef %a1, ptr noundef byval(%struct.cudaExtent) align 8 %a2, ptr noundef %a3, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemset3DAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaMemset3DAsync_ptsz(ptr noundef byval(%struct.cudaPitchedPtr) align 8 %a0, i32 noundef %a1, ptr noundef byval(%struct.cudaExtent) align 8 %a2, ptr noundef %a3)

declare i32 @cudaMemset(ptr noundef, i32 noundef, i64 noundef)
declare i32 @cudaMemset_ptds(ptr noundef, i32 noundef, i64 noundef)
declare i32 @cudaMemsetAsync(ptr noundef, i32 noundef, i64 noundef, ptr noundef)
declare i32 @cudaMemsetAsync_ptsz(ptr noundef, i32 noundef, i64 noundef, ptr noundef)
declare i32 @cudaMemset2D(ptr noundef, i64 noundef, i32 noundef, i64 noundef, i64 noundef)
declare i32 @cudaMemset2D_ptds(ptr noundef, i64 noundef, i32 noundef, i64 noundef, i64 noundef)
declare i32 @cudaMemset2DAsync(ptr noundef, i64 noundef, i32 noundef, i64 noundef, i64 noundef, ptr noundef)
declare i32 @cudaMemset2DAsync_ptsz(ptr noundef, i64 noundef, i32 noundef, i64 noundef, i64 noundef, ptr noundef)
declare i32 @cudaMemset3D(ptr noundef byval(%struct.cudaPitchedPtr) align 8, i32 noundef, ptr noundef byval(%struct.cudaExtent) align 8)
declare i32 @cudaMemset3D_ptds(ptr noundef byval(%struct.cudaPitchedPtr) align 8, i32 noundef, ptr noundef byval(%struct.cudaExtent) align 8)
declare i32 @cudaMemset3DAsync(ptr noundef byval(%struct.cudaPitchedPtr) align 8, i32 noundef, ptr noundef byval(%struct.cudaExtent) align 8, ptr noundef)
declare i32 @cudaMemset3DAsync_ptsz(ptr noundef byval(%struct.cudaPitchedPtr) align 8, i32 noundef, ptr noundef byval(%struct.cudaExtent) align 8, ptr noundef)

; ON-DAG: declare i32 @__csan_cudaMemset(ptr noundef, i32 noundef, i64 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemset_ptds(ptr noundef, i32 noundef, i64 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemsetAsync(ptr noundef, i32 noundef, i64 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemsetAsync_ptsz(ptr noundef, i32 noundef, i64 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemset2D(ptr noundef, i64 noundef, i32 noundef, i64 noundef, i64 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemset2D_ptds(ptr noundef, i64 noundef, i32 noundef, i64 noundef, i64 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemset2DAsync(ptr noundef, i64 noundef, i32 noundef, i64 noundef, i64 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemset2DAsync_ptsz(ptr noundef, i64 noundef, i32 noundef, i64 noundef, i64 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemset3D(ptr noundef byval(%struct.cudaPitchedPtr) align 8, i32 noundef, ptr noundef byval(%struct.cudaExtent) align 8, ptr)
; ON-DAG: declare i32 @__csan_cudaMemset3D_ptds(ptr noundef byval(%struct.cudaPitchedPtr) align 8, i32 noundef, ptr noundef byval(%struct.cudaExtent) align 8, ptr)
; ON-DAG: declare i32 @__csan_cudaMemset3DAsync(ptr noundef byval(%struct.cudaPitchedPtr) align 8, i32 noundef, ptr noundef byval(%struct.cudaExtent) align 8, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemset3DAsync_ptsz(ptr noundef byval(%struct.cudaPitchedPtr) align 8, i32 noundef, ptr noundef byval(%struct.cudaExtent) align 8, ptr noundef, ptr)
