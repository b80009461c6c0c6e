; -csan-twin-max-regs=N gives a twin without a register limit of its own
; nvvm.maxnreg=N (ptxas: .maxnreg N), so the slow path's registers do not
; become the twin's; by default (DEFAULT) no limit. A kernel's own limit is
; kept, and the plain kernel is never changed.
; RUN: %opt -passes=csan-device -csan-twin-max-regs=32 -S %s | FileCheck %s
; RUN: %opt -passes=csan-device -S %s | FileCheck %s --check-prefix=DEFAULT

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define ptx_kernel void @free(ptr %p) {
define ptx_kernel void @free(ptr %p) {
  store i32 1, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @limited(ptr %p)
; CHECK-SAME:  [[OWN:#[0-9]+]] {
define ptx_kernel void @limited(ptr %p) "nvvm.maxnreg"="64" {
  store i32 1, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @free__csan(
; CHECK-SAME:  [[CAP:#[0-9]+]] {
; CHECK-LABEL: define ptx_kernel void @limited__csan(
; CHECK-SAME:  [[OWN]] {
; CHECK-DAG: attributes [[CAP]] = { "nvvm.maxnreg"="32" }
; CHECK-DAG: attributes [[OWN]] = { "nvvm.maxnreg"="64" }
; DEFAULT-NOT: "nvvm.maxnreg"="32"
