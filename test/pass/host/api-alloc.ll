; csan_api.def, group alloc: allocation functions
; (the byval cudaExtent stays byval).
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

define i32 @call_cudaMalloc(ptr %a0, i64 %a1) {
  %r = call i32 @cudaMalloc(ptr noundef %a0, i64 noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMalloc(
; ON-NEXT:    %r = call i32 @__csan_cudaMalloc(ptr noundef %a0, i64 noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMalloc(
; OFF-NEXT:    %r = call i32 @cudaMalloc(ptr noundef %a0, i64 noundef %a1)

define i32 @call_cudaMallocPitch(ptr %a0, ptr %a1, i64 %a2, i64 %a3) {
  %r = call i32 @cudaMallocPitch(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMallocPitch(
; ON-NEXT:    %r = call i32 @__csan_cudaMallocPitch(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMallocPitch(
; OFF-NEXT:    %r = call i32 @cudaMallocPitch(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3)

define i32 @call_cudaMalloc3D(ptr %a0, ptr byval(%struct.cudaExtent) align 8 %a1) {
  %r = call i32 @cudaMalloc3D(ptr noundef %a0, ptr noundef byval(%struct.cudaExtent) align 8 %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMalloc3D(
; ON-NEXT:    %r = call i32 @__csan_cudaMalloc3D(ptr noundef %a0, ptr noundef byval(%struct.cudaExtent) align 8 %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMalloc3D(
; OFF-NEXT:    %r = call i32 @cudaMalloc3D(ptr noundef %a0, ptr noundef byval(%struct.cudaExtent) align 8 %a1)

define i32 @call_cudaMallocManaged(ptr %a0, i64 %a1, i32 %a2) {
  %r = call i32 @cudaMallocManaged(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMallocManaged(
; ON-NEXT:    %r = call i32 @__csan_cudaMallocManaged(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMallocManaged(
; OFF-NEXT:    %r = call i32 @cudaMallocManaged(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2)

define i32 @call_cudaMallocAsync(ptr %a0, i64 %a1, ptr %a2) {
  %r = call i32 @cudaMallocAsync(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMallocAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMallocAsync(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMallocAsync(
; OFF-NEXT:    %r = call i32 @cudaMallocAsync(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2)

define i32 @call_cudaMallocAsync_ptsz(ptr %a0, i64 %a1, ptr %a2) {
  %r = call i32 @cudaMallocAsync_ptsz(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMallocAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaMallocAsync_ptsz(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMallocAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaMallocAsync_ptsz(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2)

define i32 @call_cudaMallocFromPoolAsync(ptr %a0, i64 %a1, ptr %a2, ptr %a3) {
  %r = call i32 @cudaMallocFromPoolAsync(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, ptr noundef %a3)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMallocFromPoolAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMallocFromPoolAsync(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, ptr noundef %a3, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMallocFromPoolAsync(
; OFF-NEXT:    %r = call i32 @cudaMallocFromPoolAsync(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, ptr noundef %a3)

define i32 @call_cudaMallocFromPoolAsync_ptsz(ptr %a0, i64 %a1, ptr %a2, ptr %a3) {
  %r = call i32 @cudaMallocFromPoolAsync_ptsz(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, ptr noundef %a3)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMallocFromPoolAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaMallocFromPoolAsync_ptsz(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, ptr noundef %a3, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMallocFromPoolAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaMallocFromPoolAsync_ptsz(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, ptr noundef %a3)

define i32 @call_cudaFree(ptr %a0) {
  %r = call i32 @cudaFree(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaFree(
; ON-NEXT:    %r = call i32 @__csan_cudaFree(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaFree(
; OFF-NEXT:    %r = call i32 @cudaFree(ptr noundef %a0)

define i32 @call_cudaFreeAsync(ptr %a0, ptr %a1) {
  %r = call i32 @cudaFreeAsync(ptr noundef %a0, ptr noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaFreeAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaFreeAsync(ptr noundef %a0, ptr noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaFreeAsync(
; OFF-NEXT:    %r = call i32 @cudaFreeAsync(ptr noundef %a0, ptr noundef %a1)

define i32 @call_cudaFreeAsync_ptsz(ptr %a0, ptr %a1) {
  %r = call i32 @cudaFreeAsync_ptsz(ptr noundef %a0, ptr noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaFreeAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaFreeAsync_ptsz(ptr noundef %a0, ptr noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaFreeAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaFreeAsync_ptsz(ptr noundef %a0, ptr noundef %a1)

define i32 @call_cudaMallocHost(ptr %a0, i64 %a1) {
  %r = call i32 @cudaMallocHost(ptr noundef %a0, i64 noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMallocHost(
; ON-NEXT:    %r = call i32 @__csan_cudaMallocHost(ptr noundef %a0, i64 noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMallocHost(
; OFF-NEXT:    %r = call i32 @cudaMallocHost(ptr noundef %a0, i64 noundef %a1)

define i32 @call_cudaHostAlloc(ptr %a0, i64 %a1, i32 %a2) {
  %r = call i32 @cudaHostAlloc(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaHostAlloc(
; ON-NEXT:    %r = call i32 @__csan_cudaHostAlloc(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaHostAlloc(
; OFF-NEXT:    %r = call i32 @cudaHostAlloc(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2)

define i32 @call_cudaFreeHost(ptr %a0) {
  %r = call i32 @cudaFreeHost(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaFreeHost(
; ON-NEXT:    %r = call i32 @__csan_cudaFreeHost(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaFreeHost(
; OFF-NEXT:    %r = call i32 @cudaFreeHost(ptr noundef %a0)

define i32 @call_cudaHostRegister(ptr %a0, i64 %a1, i32 %a2) {
  %r = call i32 @cudaHostRegister(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaHostRegister(
; ON-NEXT:    %r = call i32 @__csan_cudaHostRegister(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaHostRegister(
; OFF-NEXT:    %r = call i32 @cudaHostRegister(ptr noundef %a0, i64 noundef %a1, i32 noundef %a2)

define i32 @call_cudaHostUnregister(ptr %a0) {
  %r = call i32 @cudaHostUnregister(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaHostUnregister(
; ON-NEXT:    %r = call i32 @__csan_cudaHostUnregister(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaHostUnregister(
; OFF-NEXT:    %r = call i32 @cudaHostUnregister(ptr noundef %a0)

declare i32 @cudaMalloc(ptr noundef, i64 noundef)
declare i32 @cudaMallocPitch(ptr noundef, ptr noundef, i64 noundef, i64 noundef)
declare i32 @cudaMalloc3D(ptr noundef, ptr noundef byval(%struct.cudaExtent) align 8)
declare i32 @cudaMallocManaged(ptr noundef, i64 noundef, i32 noundef)
declare i32 @cudaMallocAsync(ptr noundef, i64 noundef, ptr noundef)
declare i32 @cudaMallocAsync_ptsz(ptr noundef, i64 noundef, ptr noundef)
declare i32 @cudaMallocFromPoolAsync(ptr noundef, i64 noundef, ptr noundef, ptr noundef)
declare i32 @cudaMallocFromPoolAsync_ptsz(ptr noundef, i64 noundef, ptr noundef, ptr noundef)
declare i32 @cudaFree(ptr noundef)
declare i32 @cudaFreeAsync(ptr noundef, ptr noundef)
declare i32 @cudaFreeAsync_ptsz(ptr noundef, ptr noundef)
declare i32 @cudaMallocHost(ptr noundef, i64 noundef)
declare i32 @cudaHostAlloc(ptr noundef, i64 noundef, i32 noundef)
declare i32 @cudaFreeHost(ptr noundef)
declare i32 @cudaHostRegister(ptr noundef, i64 noundef, i32 noundef)
declare i32 @cudaHostUnregister(ptr noundef)

; ON-DAG: declare i32 @__csan_cudaMalloc(ptr noundef, i64 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMallocPitch(ptr noundef, ptr noundef, i64 noundef, i64 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMalloc3D(ptr noundef, ptr noundef byval(%struct.cudaExtent) align 8, ptr)
; ON-DAG: declare i32 @__csan_cudaMallocManaged(ptr noundef, i64 noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMallocAsync(ptr noundef, i64 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMallocAsync_ptsz(ptr noundef, i64 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMallocFromPoolAsync(ptr noundef, i64 noundef, ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMallocFromPoolAsync_ptsz(ptr noundef, i64 noundef, ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaFree(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaFreeAsync(ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaFreeAsync_ptsz(ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMallocHost(ptr noundef, i64 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaHostAlloc(ptr noundef, i64 noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaFreeHost(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaHostRegister(ptr noundef, i64 noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaHostUnregister(ptr noundef, ptr)
