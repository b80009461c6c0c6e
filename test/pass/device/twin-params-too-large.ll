; A kernel whose parameters leave no room for the launch context in the
; parameter space ptxas accepts (32,764 bytes from sm_70, 4,096 before) gets
; no twin, never a build error: it runs unchecked and the runtime names its
; launches in the exit summary. -csan-stats counts it, and so does the
; module's gap table, which the runtime adds to its exit summary. A kernel just under
; the limit gets its twin; the limit before sm_70 is the smaller one.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Big = type { [32720 x i8] }
%struct.Fits = type { [30000 x i8] }
%struct.Old = type { [3500 x i8] }

; CHECK: @__csan_module_gaps = weak addrspace(1) constant [49 x i8] c"2\09kernels without a twin (parameters too large)\0A\00", align 1
; CHECK-LABEL: define ptx_kernel void @big(
; CHECK-NEXT:    store i32 1, ptr %p
define ptx_kernel void @big(ptr byval(%struct.Big) align 8 %t, ptr %p) #0 {
  store i32 1, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @fits(
; CHECK-NEXT:    store i32 2, ptr %p
define ptx_kernel void @fits(ptr byval(%struct.Fits) align 8 %t, ptr %p) #0 {
  store i32 2, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @old_arch(
; CHECK-NEXT:    store i32 3, ptr %p
define ptx_kernel void @old_arch(ptr byval(%struct.Old) align 8 %t, ptr %p) #1 {
  store i32 3, ptr %p, align 4
  ret void
}

; CHECK-NOT:   @big__csan
; CHECK-NOT:   @old_arch__csan
; CHECK-LABEL: define ptx_kernel void @fits__csan(
; CHECK:         call ptr @__csan_dev_write4(
; CHECK-NOT:   @big__csan
; CHECK-NOT:   @old_arch__csan

attributes #0 = { "target-cpu"="sm_90" }
attributes #1 = { "target-cpu"="sm_60" }

; STATS: kernels{{ +}}3
; STATS: kernel twins created{{ +}}1
; STATS: kernels without a twin (parameters too large){{ +}}2
