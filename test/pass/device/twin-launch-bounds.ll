; A twin carries the registers of the checks' slow path on top of the
; kernel's; without launch bounds ptxas could give it more registers per
; thread than a block of 1024 threads may have, and launches the kernel
; accepts would fail for the twin. With -csan-twin-max-threads=N (csan-clang
; sets 1024 without -fgpu-rdc) a twin without bounds gets nvvm.maxntid=N;
; by default (DEFAULT) it gets none. A kernel's own bounds (maxntid or
; reqntid) are kept as they are, and the plain kernel is never changed.
; RUN: %opt -passes=csan-device -csan-twin-max-threads=1024 -S %s | FileCheck %s
; RUN: %opt -passes=csan-device -S %s | FileCheck %s --check-prefix=DEFAULT

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @unbounded(ptr %p) {
define ptx_kernel void @unbounded(ptr %p) {
  store i32 1, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @bounded(ptr %p)
; CHECK-SAME:  [[B:#[0-9]+]] {
define ptx_kernel void @bounded(ptr %p) #0 {
  store i32 1, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @required(ptr %p)
; CHECK-SAME:  [[R:#[0-9]+]] {
define ptx_kernel void @required(ptr %p) #1 {
  store i32 1, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @unbounded__csan(
; CHECK-SAME:  [[U1024:#[0-9]+]] {
; CHECK-LABEL: define ptx_kernel void @bounded__csan(
; CHECK-SAME:  [[B]] {
; CHECK-LABEL: define ptx_kernel void @required__csan(
; CHECK-SAME:  [[R]] {

; CHECK-DAG: attributes [[U1024]] = { "nvvm.maxntid"="1024" }

; DEFAULT-LABEL: define ptx_kernel void @unbounded__csan(
; DEFAULT-SAME:  %csan.ctx) {
; DEFAULT-NOT:   "nvvm.maxntid"="1024"
; CHECK-DAG: attributes [[B]] = { "nvvm.maxntid"="256" }
; CHECK-DAG: attributes [[R]] = { "nvvm.reqntid"="128,2" }

attributes #0 = { "nvvm.maxntid"="256" }
attributes #1 = { "nvvm.reqntid"="128,2" }
