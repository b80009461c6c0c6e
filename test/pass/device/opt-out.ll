; Functions with disable_sanitizer_instrumentation are left alone: a kernel
; gets no twin (and no prologue unless it calls an instrumented device
; function, see prologue-reachability.ll), a device function no checks. Their
; neighbours are instrumented as usual.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Opting out is the user's choice, not a gap: no gap table.
; CHECK-NOT: __csan_module_gaps
; CHECK-LABEL: define ptx_kernel void @skipped(ptr %p) #0 {
; CHECK-NEXT:    store i32 1, ptr %p
define ptx_kernel void @skipped(ptr %p) #0 {
  store i32 1, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define void @skipped_fn(ptr %p) #0 {
; CHECK-NEXT:    store i32 2, ptr %p
define void @skipped_fn(ptr %p) #0 {
  store i32 2, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @kept(
; CHECK-NEXT:    store i32 3
define ptx_kernel void @kept(ptr %p) {
  store i32 3, ptr %p, align 4
  ret void
}

; CHECK-NOT:   @skipped__csan
; CHECK-LABEL: define ptx_kernel void @kept__csan(
; CHECK:         call ptr @__csan_dev_write4(
; CHECK-NOT:   @skipped__csan

; STATS: kernels{{ +}}2
; STATS: kernel twins created{{ +}}1
; STATS: functions opted out (disable_sanitizer_instrumentation){{ +}}2

attributes #0 = { disable_sanitizer_instrumentation }
