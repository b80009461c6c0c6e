; Under -csan-runtime-object (csan-clang's default without -fgpu-rdc) the
; runtime's out-of-line functions that the module keeps get external names,
; CSAN_OOL_PREFIX followed by their own, and keep their bodies: csan-ptxas
; assembles the module without them and links the runtime object, which
; defines them under the same names (csan-device-runtime-export, below); the
; PTX embedded for JIT stays complete. Without the option they stay internal
; (link-runtime.ll). Runtime code the module does not use is not exported.
; RUN: llvm-as %S/Inputs/rt_entry_points.ll -o %t.rt.bc
; RUN: %opt -passes=csan-device,csan-device-link -csan-rt-bitcode=%t.rt.bc -csan-runtime-object -S %s | FileCheck %s
; RUN: %opt -passes=csan-device,csan-device-link -csan-rt-bitcode=%t.rt.bc -S %s | FileCheck %s --check-prefix=INLINE

; The runtime object's side: the same bitcode keeps only its out-of-line
; functions, under the same names; the entry points (inlined into every
; check) are gone.
; RUN: %opt -passes=csan-device-runtime-export %t.rt.bc -S | FileCheck %s --check-prefix=EXPORT

; CHECK-LABEL: define ptx_kernel void @k__csan(
; CHECK:       call void @__csan_ool8___csan_test_slow_path(ptr nonnull %csan.ctx,
; CHECK:       define weak void @__csan_ool8___csan_test_slow_path(
; CHECK-SAME:  [[RT:#[0-9]+]]
; CHECK-NOT:   @__csan_test_unused_function
; CHECK-NOT:   __csan_ool8___csan_test_unused
; CHECK: attributes [[RT]] = { noinline nounwind "target-cpu"="sm_90"

; INLINE-NOT: __csan_ool8_
; INLINE:     define internal void @__csan_test_slow_path(
; INLINE-NOT: __csan_ool8_

; EXPORT-NOT: define {{.*}}@__csan_dev_
; EXPORT:     define {{.*}}void @__csan_ool8___csan_test_slow_path(
; EXPORT-NOT: define {{.*}}@__csan_dev_

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"


; K is the user's kernel, untouched.
define ptx_kernel void @k(ptr %p) #0 {
  store i32 1, ptr %p, align 4
  call void @f(ptr %p)
  ret void
}

; A device function, untouched, and its clone, checked with its context
; parameter.
define void @f(ptr %p) #0 {
  %v = load i64, ptr %p, align 8
  ret void
}




attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" }
!llvm.module.flags = !{!0}
!0 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
