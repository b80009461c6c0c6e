; csan-device-link links the device runtime into an instrumented module (here
; a stand-in that defines every entry point with a trivial body, see
; Inputs/rt_entry_points.ll): entry points are inlined (always_inline) and
; gone, the slow path stays a call to an internal function with the
; module's target-cpu/features, runtime code the module does not need is not
; linked, the ABI globals stay weak, and the runtime's module flags (here a
; conflicting nvvm-reflect-ftz) do not clash with the user's.
; RUN: llvm-as %S/Inputs/rt_entry_points.ll -o %t.rt.bc
; RUN: %opt -passes=csan-device,csan-device-link -csan-rt-bitcode=%t.rt.bc -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-NOT: addrspace(3) global
; CHECK-DAG: @__csan_module_anchor = weak addrspace(1) global i8 0
; CHECK-DAG: @__csan_test_last_site = internal addrspace(1) global i32 0
; CHECK-NOT: @__csan_test_unused_global

; K is the user's kernel, untouched.
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-NEXT:  store i32 1, ptr %p
; CHECK-NEXT:  call void @f(
; CHECK-NEXT:  ret void
define ptx_kernel void @k(ptr %p) #0 {
  store i32 1, ptr %p, align 4
  call void @f(ptr %p)
  ret void
}

; A device function, untouched, and its clone, checked with its context
; parameter.
; CHECK-LABEL: define void @f(
; CHECK-NEXT:  %v = load i64
; CHECK-NEXT:  ret void
; CHECK-LABEL: define void @f__csan(
; CHECK:       call void @__csan_test_slow_path(ptr %csan.ctx, ptr %p, i64 8, i32 {{.*}}, i32 0)
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev_
define void @f(ptr %p) #0 {
  %v = load i64, ptr %p, align 8
  ret void
}

; CHECK-LABEL: define ptx_kernel void @k__csan(
; CHECK-NEXT:  call void @__csan_test_slow_path(ptr nonnull %csan.ctx, ptr %p, i64 4, i32 {{.*}}, i32 1)
; CHECK-NEXT:  store i32 1, ptr %p
; CHECK-NEXT:  call void @f__csan(ptr {{.*}}%p, ptr nonnull %csan.ctx)
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev_

; CHECK-LABEL: define internal void @__csan_test_slow_path(
; CHECK-SAME:  [[RT:#[0-9]+]]
; CHECK-NOT:   define {{.*}}@__csan_dev_
; CHECK-NOT:   @__csan_test_unused_function
; CHECK-NOT:   declare {{.*}}@__csan_dev_

; CHECK: attributes [[RT]] = { noinline nounwind "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" }
; CHECK: !{i32 4, !"nvvm-reflect-ftz", i32 1}

attributes #0 = { "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" }
!llvm.module.flags = !{!0}
!0 = !{i32 4, !"nvvm-reflect-ftz", i32 1}
