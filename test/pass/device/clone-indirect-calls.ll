; Indirect calls: a function pointer holds the address of an original (the
; program took it; csan does not rewrite stored pointers), so a twin or a
; clone that calls through it runs the original, unchecked. -csan-stats
; counts these calls, and the module's gap table names them for the
; runtime's exit summary. Taking the address of a function in a twin gives the
; original too.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s
; RUN: %opt -passes=csan-device -csan-stats -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @target(ptr %p) {
  store i32 1, ptr %p, align 4
  ret void
}

define ptx_kernel void @k(ptr %f, ptr %p, ptr %slot) {
  call void %f(ptr %p)
  store ptr @target, ptr %slot, align 8
  ret void
}

; CHECK: @__csan_module_gaps = weak addrspace(1) constant {{.*}} c"1\09indirect calls (the callee runs unchecked)\0A\00"
; CHECK-LABEL: define void @target__csan(
; CHECK-LABEL: define ptx_kernel void @k__csan(
; CHECK:         call void %f(ptr %p)
; CHECK:         store ptr @target, ptr {{%csan.use[0-9]*|%slot}}
; STATS: indirect calls from instrumented code (callee unchecked){{ +}}1
