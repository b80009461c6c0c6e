; csan_api.def, group copy: copies.
; A direct call becomes a call of __csan_<name> with the same arguments and
; argument attributes plus a pointer to the call's csan_host_site, and its result
; is used as before; the original declarations are gone.
; With -csan-host-redirect=false the calls stay and nothing of csan appears.
; Prototypes and call shapes: CUDA 13 headers compiled by clang 22 for x86-64.
; RUN: %opt -passes=csan-host -S %s | FileCheck %s --check-prefix=ON --implicit-check-not=@cuda --implicit-check-not=@__cudaRegister
; RUN: %opt -passes=csan-host -csan-host-redirect=false -S %s | FileCheck %s --check-prefix=OFF --implicit-check-not=@__csan

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @call_cudaMemcpy(ptr %a0, ptr %a1, i64 %a2, i32 %a3) {
  %r = call i32 @cudaMemcpy(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i32 noundef %a3)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i32 noundef %a3, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy(
; OFF-NEXT:    %r = call i32 @cudaMemcpy(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i32 noundef %a3)

define i32 @call_cudaMemcpy_ptds(ptr %a0, ptr %a1, i64 %a2, i32 %a3) {
  %r = call i32 @cudaMemcpy_ptds(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i32 noundef %a3)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy_ptds(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy_ptds(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i32 noundef %a3, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy_ptds(
; OFF-NEXT:    %r = call i32 @cudaMemcpy_ptds(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i32 noundef %a3)

define i32 @call_cudaMemcpyAsync(ptr %a0, ptr %a1, i64 %a2, i32 %a3, ptr %a4) {
  %r = call i32 @cudaMemcpyAsync(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i32 noundef %a3, ptr noundef %a4)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyAsync(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i32 noundef %a3, ptr noundef %a4, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyAsync(
; OFF-NEXT:    %r = call i32 @cudaMemcpyAsync(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i32 noundef %a3, ptr noundef %a4)

define i32 @call_cudaMemcpyAsync_ptsz(ptr %a0, ptr %a1, i64 %a2, i32 %a3, ptr %a4) {
  %r = call i32 @cudaMemcpyAsync_ptsz(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i32 noundef %a3, ptr noundef %a4)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyAsync_ptsz(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i32 noundef %a3, ptr noundef %a4, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaMemcpyAsync_ptsz(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i32 noundef %a3, ptr noundef %a4)

define i32 @call_cudaMemcpy2D(ptr %a0, i64 %a1, ptr %a2, i64 %a3, i64 %a4, i64 %a5, i32 %a6) {
  %r = call i32 @cudaMemcpy2D(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, i64 noundef %a3, i64 noundef %a4, i64 noundef %a5, i32 noundef %a6)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy2D(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy2D(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, i64 noundef %a3, i64 noundef %a4, i64 noundef %a5, i32 noundef %a6, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy2D(
; OFF-NEXT:    %r = call i32 @cudaMemcpy2D(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, i64 noundef %a3, i64 noundef %a4, i64 noundef %a5, i32 noundef %a6)

define i32 @call_cudaMemcpy2D_ptds(ptr %a0, i64 %a1, ptr %a2, i64 %a3, i64 %a4, i64 %a5, i32 %a6) {
  %r = call i32 @cudaMemcpy2D_ptds(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, i64 noundef %a3, i64 noundef %a4, i64 noundef %a5, i32 noundef %a6)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy2D_ptds(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy2D_ptds(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, i64 noundef %a3, i64 noundef %a4, i64 noundef %a5, i32 noundef %a6, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy2D_ptds(
; OFF-NEXT:    %r = call i32 @cudaMemcpy2D_ptds(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, i64 noundef %a3, i64 noundef %a4, i64 noundef %a5, i32 noundef %a6)

define i32 @call_cudaMemcpy2DAsync(ptr %a0, i64 %a1, ptr %a2, i64 %a3, i64 %a4, i64 %a5, i32 %a6, ptr %a7) {
  %r = call i32 @cudaMemcpy2DAsync(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, i64 noundef %a3, i64 noundef %a4, i64 noundef %a5, i32 noundef %a6, ptr noundef %a7)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy2DAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy2DAsync(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, i64 noundef %a3, i64 noundef %a4, i64 noundef %a5, i32 noundef %a6, ptr noundef %a7, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy2DAsync(
; OFF-NEXT:    %r = call i32 @cudaMemcpy2DAsync(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, i64 noundef %a3, i64 noundef %a4, i64 noundef %a5, i32 noundef %a6, ptr noundef %a7)

define i32 @call_cudaMemcpy2DAsync_ptsz(ptr %a0, i64 %a1, ptr %a2, i64 %a3, i64 %a4, i64 %a5, i32 %a6, ptr %a7) {
  %r = call i32 @cudaMemcpy2DAsync_ptsz(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, i64 noundef %a3, i64 noundef %a4, i64 noundef %a5, i32 noundef %a6, ptr noundef %a7)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy2DAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy2DAsync_ptsz(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, i64 noundef %a3, i64 noundef %a4, i64 noundef %a5, i32 noundef %a6, ptr noundef %a7, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy2DAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaMemcpy2DAsync_ptsz(ptr noundef %a0, i64 noundef %a1, ptr noundef %a2, i64 noundef %a3, i64 noundef %a4, i64 noundef %a5, i32 noundef %a6, ptr noundef %a7)

define i32 @call_cudaMemcpy3D(ptr %a0) {
  %r = call i32 @cudaMemcpy3D(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy3D(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy3D(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy3D(
; OFF-NEXT:    %r = call i32 @cudaMemcpy3D(ptr noundef %a0)

define i32 @call_cudaMemcpy3D_ptds(ptr %a0) {
  %r = call i32 @cudaMemcpy3D_ptds(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy3D_ptds(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy3D_ptds(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy3D_ptds(
; OFF-NEXT:    %r = call i32 @cudaMemcpy3D_ptds(ptr noundef %a0)

define i32 @call_cudaMemcpy3DAsync(ptr %a0, ptr %a1) {
  %r = call i32 @cudaMemcpy3DAsync(ptr noundef %a0, ptr noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy3DAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy3DAsync(ptr noundef %a0, ptr noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy3DAsync(
; OFF-NEXT:    %r = call i32 @cudaMemcpy3DAsync(ptr noundef %a0, ptr noundef %a1)

define i32 @call_cudaMemcpy3DAsync_ptsz(ptr %a0, ptr %a1) {
  %r = call i32 @cudaMemcpy3DAsync_ptsz(ptr noundef %a0, ptr noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy3DAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy3DAsync_ptsz(ptr noundef %a0, ptr noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy3DAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaMemcpy3DAsync_ptsz(ptr noundef %a0, ptr noundef %a1)

define i32 @call_cudaMemcpyToSymbol(ptr %a0, ptr %a1, i64 %a2, i64 %a3, i32 %a4) {
  %r = call i32 @cudaMemcpyToSymbol(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyToSymbol(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyToSymbol(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyToSymbol(
; OFF-NEXT:    %r = call i32 @cudaMemcpyToSymbol(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4)

define i32 @call_cudaMemcpyToSymbol_ptds(ptr %a0, ptr %a1, i64 %a2, i64 %a3, i32 %a4) {
  %r = call i32 @cudaMemcpyToSymbol_ptds(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyToSymbol_ptds(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyToSymbol_ptds(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyToSymbol_ptds(
; OFF-NEXT:    %r = call i32 @cudaMemcpyToSymbol_ptds(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4)

define i32 @call_cudaMemcpyToSymbolAsync(ptr %a0, ptr %a1, i64 %a2, i64 %a3, i32 %a4, ptr %a5) {
  %r = call i32 @cudaMemcpyToSymbolAsync(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr noundef %a5)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyToSymbolAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyToSymbolAsync(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr noundef %a5, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyToSymbolAsync(
; OFF-NEXT:    %r = call i32 @cudaMemcpyToSymbolAsync(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr noundef %a5)

define i32 @call_cudaMemcpyToSymbolAsync_ptsz(ptr %a0, ptr %a1, i64 %a2, i64 %a3, i32 %a4, ptr %a5) {
  %r = call i32 @cudaMemcpyToSymbolAsync_ptsz(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr noundef %a5)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyToSymbolAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyToSymbolAsync_ptsz(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr noundef %a5, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyToSymbolAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaMemcpyToSymbolAsync_ptsz(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr noundef %a5)

define i32 @call_cudaMemcpyFromSymbol(ptr %a0, ptr %a1, i64 %a2, i64 %a3, i32 %a4) {
  %r = call i32 @cudaMemcpyFromSymbol(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyFromSymbol(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyFromSymbol(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyFromSymbol(
; OFF-NEXT:    %r = call i32 @cudaMemcpyFromSymbol(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4)

define i32 @call_cudaMemcpyFromSymbol_ptds(ptr %a0, ptr %a1, i64 %a2, i64 %a3, i32 %a4) {
  %r = call i32 @cudaMemcpyFromSymbol_ptds(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyFromSymbol_ptds(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyFromSymbol_ptds(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyFromSymbol_ptds(
; OFF-NEXT:    %r = call i32 @cudaMemcpyFromSymbol_ptds(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4)

define i32 @call_cudaMemcpyFromSymbolAsync(ptr %a0, ptr %a1, i64 %a2, i64 %a3, i32 %a4, ptr %a5) {
  %r = call i32 @cudaMemcpyFromSymbolAsync(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr noundef %a5)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyFromSymbolAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyFromSymbolAsync(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr noundef %a5, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyFromSymbolAsync(
; OFF-NEXT:    %r = call i32 @cudaMemcpyFromSymbolAsync(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr noundef %a5)

define i32 @call_cudaMemcpyFromSymbolAsync_ptsz(ptr %a0, ptr %a1, i64 %a2, i64 %a3, i32 %a4, ptr %a5) {
  %r = call i32 @cudaMemcpyFromSymbolAsync_ptsz(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr noundef %a5)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyFromSymbolAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyFromSymbolAsync_ptsz(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr noundef %a5, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyFromSymbolAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaMemcpyFromSymbolAsync_ptsz(ptr noundef %a0, ptr noundef %a1, i64 noundef %a2, i64 noundef %a3, i32 noundef %a4, ptr noundef %a5)

define i32 @call_cudaMemcpyPeer(ptr %a0, i32 %a1, ptr %a2, i32 %a3, i64 %a4) {
  %r = call i32 @cudaMemcpyPeer(ptr noundef %a0, i32 noundef %a1, ptr noundef %a2, i32 noundef %a3, i64 noundef %a4)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyPeer(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyPeer(ptr noundef %a0, i32 noundef %a1, ptr noundef %a2, i32 noundef %a3, i64 noundef %a4, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyPeer(
; OFF-NEXT:    %r = call i32 @cudaMemcpyPeer(ptr noundef %a0, i32 noundef %a1, ptr noundef %a2, i32 noundef %a3, i64 noundef %a4)

define i32 @call_cudaMemcpyPeerAsync(ptr %a0, i32 %a1, ptr %a2, i32 %a3, i64 %a4, ptr %a5) {
  %r = call i32 @cudaMemcpyPeerAsync(ptr noundef %a0, i32 noundef %a1, ptr noundef %a2, i32 noundef %a3, i64 noundef %a4, ptr noundef %a5)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyPeerAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyPeerAsync(ptr noundef %a0, i32 noundef %a1, ptr noundef %a2, i32 noundef %a3, i64 noundef %a4, ptr noundef %a5, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyPeerAsync(
; OFF-NEXT:    %r = call i32 @cudaMemcpyPeerAsync(ptr noundef %a0, i32 noundef %a1, ptr noundef %a2, i32 noundef %a3, i64 noundef %a4, ptr noundef %a5)

define i32 @call_cudaMemcpy3DPeer(ptr %a0) {
  %r = call i32 @cudaMemcpy3DPeer(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy3DPeer(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy3DPeer(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy3DPeer(
; OFF-NEXT:    %r = call i32 @cudaMemcpy3DPeer(ptr noundef %a0)

define i32 @call_cudaMemcpy3DPeer_ptds(ptr %a0) {
  %r = call i32 @cudaMemcpy3DPeer_ptds(ptr noundef %a0)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy3DPeer_ptds(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy3DPeer_ptds(ptr noundef %a0, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy3DPeer_ptds(
; OFF-NEXT:    %r = call i32 @cudaMemcpy3DPeer_ptds(ptr noundef %a0)

define i32 @call_cudaMemcpy3DPeerAsync(ptr %a0, ptr %a1) {
  %r = call i32 @cudaMemcpy3DPeerAsync(ptr noundef %a0, ptr noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy3DPeerAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy3DPeerAsync(ptr noundef %a0, ptr noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy3DPeerAsync(
; OFF-NEXT:    %r = call i32 @cudaMemcpy3DPeerAsync(ptr noundef %a0, ptr noundef %a1)

define i32 @call_cudaMemcpy3DPeerAsync_ptsz(ptr %a0, ptr %a1) {
  %r = call i32 @cudaMemcpy3DPeerAsync_ptsz(ptr noundef %a0, ptr noundef %a1)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpy3DPeerAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpy3DPeerAsync_ptsz(ptr noundef %a0, ptr noundef %a1, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpy3DPeerAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaMemcpy3DPeerAsync_ptsz(ptr noundef %a0, ptr noundef %a1)

define i32 @call_cudaMemcpyBatchAsync(ptr %a0, ptr %a1, ptr %a2, i64 %a3, ptr %a4, ptr %a5, i64 %a6, ptr %a7) {
  %r = call i32 @cudaMemcpyBatchAsync(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, i64 noundef %a3, ptr noundef %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyBatchAsync(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyBatchAsync(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, i64 noundef %a3, ptr noundef %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyBatchAsync(
; OFF-NEXT:    %r = call i32 @cudaMemcpyBatchAsync(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, i64 noundef %a3, ptr noundef %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7)

define i32 @call_cudaMemcpyBatchAsync_ptsz(ptr %a0, ptr %a1, ptr %a2, i64 %a3, ptr %a4, ptr %a5, i64 %a6, ptr %a7) {
  %r = call i32 @cudaMemcpyBatchAsync_ptsz(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, i64 noundef %a3, ptr noundef %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7)
  ret i32 %r
}
; ON-LABEL: define i32 @call_cudaMemcpyBatchAsync_ptsz(
; ON-NEXT:    %r = call i32 @__csan_cudaMemcpyBatchAsync_ptsz(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, i64 noundef %a3, ptr noundef %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7, ptr @__csan_host_site{{[.0-9]*}})
; ON-NEXT:    ret i32 %r
; OFF-LABEL: define i32 @call_cudaMemcpyBatchAsync_ptsz(
; OFF-NEXT:    %r = call i32 @cudaMemcpyBatchAsync_ptsz(ptr noundef %a0, ptr noundef %a1, ptr noundef %a2, i64 noundef %a3, ptr noundef %a4, ptr noundef %a5, i64 noundef %a6, ptr noundef %a7)

declare i32 @cudaMemcpy(ptr noundef, ptr noundef, i64 noundef, i32 noundef)
declare i32 @cudaMemcpy_ptds(ptr noundef, ptr noundef, i64 noundef, i32 noundef)
declare i32 @cudaMemcpyAsync(ptr noundef, ptr noundef, i64 noundef, i32 noundef, ptr noundef)
declare i32 @cudaMemcpyAsync_ptsz(ptr noundef, ptr noundef, i64 noundef, i32 noundef, ptr noundef)
declare i32 @cudaMemcpy2D(ptr noundef, i64 noundef, ptr noundef, i64 noundef, i64 noundef, i64 noundef, i32 noundef)
declare i32 @cudaMemcpy2D_ptds(ptr noundef, i64 noundef, ptr noundef, i64 noundef, i64 noundef, i64 noundef, i32 noundef)
declare i32 @cudaMemcpy2DAsync(ptr noundef, i64 noundef, ptr noundef, i64 noundef, i64 noundef, i64 noundef, i32 noundef, ptr noundef)
declare i32 @cudaMemcpy2DAsync_ptsz(ptr noundef, i64 noundef, ptr noundef, i64 noundef, i64 noundef, i64 noundef, i32 noundef, ptr noundef)
declare i32 @cudaMemcpy3D(ptr noundef)
declare i32 @cudaMemcpy3D_ptds(ptr noundef)
declare i32 @cudaMemcpy3DAsync(ptr noundef, ptr noundef)
declare i32 @cudaMemcpy3DAsync_ptsz(ptr noundef, ptr noundef)
declare i32 @cudaMemcpyToSymbol(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef)
declare i32 @cudaMemcpyToSymbol_ptds(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef)
declare i32 @cudaMemcpyToSymbolAsync(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef, ptr noundef)
declare i32 @cudaMemcpyToSymbolAsync_ptsz(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef, ptr noundef)
declare i32 @cudaMemcpyFromSymbol(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef)
declare i32 @cudaMemcpyFromSymbol_ptds(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef)
declare i32 @cudaMemcpyFromSymbolAsync(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef, ptr noundef)
declare i32 @cudaMemcpyFromSymbolAsync_ptsz(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef, ptr noundef)
declare i32 @cudaMemcpyPeer(ptr noundef, i32 noundef, ptr noundef, i32 noundef, i64 noundef)
declare i32 @cudaMemcpyPeerAsync(ptr noundef, i32 noundef, ptr noundef, i32 noundef, i64 noundef, ptr noundef)
declare i32 @cudaMemcpy3DPeer(ptr noundef)
declare i32 @cudaMemcpy3DPeer_ptds(ptr noundef)
declare i32 @cudaMemcpy3DPeerAsync(ptr noundef, ptr noundef)
declare i32 @cudaMemcpy3DPeerAsync_ptsz(ptr noundef, ptr noundef)
declare i32 @cudaMemcpyBatchAsync(ptr noundef, ptr noundef, ptr noundef, i64 noundef, ptr noundef, ptr noundef, i64 noundef, ptr noundef)
declare i32 @cudaMemcpyBatchAsync_ptsz(ptr noundef, ptr noundef, ptr noundef, i64 noundef, ptr noundef, ptr noundef, i64 noundef, ptr noundef)

; ON-DAG: declare i32 @__csan_cudaMemcpy(ptr noundef, ptr noundef, i64 noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy_ptds(ptr noundef, ptr noundef, i64 noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyAsync(ptr noundef, ptr noundef, i64 noundef, i32 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyAsync_ptsz(ptr noundef, ptr noundef, i64 noundef, i32 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy2D(ptr noundef, i64 noundef, ptr noundef, i64 noundef, i64 noundef, i64 noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy2D_ptds(ptr noundef, i64 noundef, ptr noundef, i64 noundef, i64 noundef, i64 noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy2DAsync(ptr noundef, i64 noundef, ptr noundef, i64 noundef, i64 noundef, i64 noundef, i32 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy2DAsync_ptsz(ptr noundef, i64 noundef, ptr noundef, i64 noundef, i64 noundef, i64 noundef, i32 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy3D(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy3D_ptds(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy3DAsync(ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy3DAsync_ptsz(ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyToSymbol(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyToSymbol_ptds(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyToSymbolAsync(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyToSymbolAsync_ptsz(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyFromSymbol(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyFromSymbol_ptds(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyFromSymbolAsync(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyFromSymbolAsync_ptsz(ptr noundef, ptr noundef, i64 noundef, i64 noundef, i32 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyPeer(ptr noundef, i32 noundef, ptr noundef, i32 noundef, i64 noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyPeerAsync(ptr noundef, i32 noundef, ptr noundef, i32 noundef, i64 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy3DPeer(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy3DPeer_ptds(ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy3DPeerAsync(ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpy3DPeerAsync_ptsz(ptr noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyBatchAsync(ptr noundef, ptr noundef, ptr noundef, i64 noundef, ptr noundef, ptr noundef, i64 noundef, ptr noundef, ptr)
; ON-DAG: declare i32 @__csan_cudaMemcpyBatchAsync_ptsz(ptr noundef, ptr noundef, ptr noundef, i64 noundef, ptr noundef, ptr noundef, i64 noundef, ptr noundef, ptr)
