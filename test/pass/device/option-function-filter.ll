; -csan-function-filter=<regex> checks accesses only in functions whose name
; matches. Kernels keep their twins (so device functions they call get the
; context); an invalid regex is a clear error.
; RUN: %opt -passes=csan-device -csan-function-filter='^keep' -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; RUN: %not %opt -passes=csan-device -csan-function-filter='(' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @keep_fn__csan(
; CHECK:       call ptr @__csan_dev_write4(
define void @keep_fn(ptr %p) {
  store i32 1, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define void @drop_fn(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @drop_fn(ptr %p) {
  store i32 1, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @drop_kernel__csan(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define ptx_kernel void @drop_kernel(ptr %p) {
  store i32 1, ptr %p, align 4
  ret void
}

; STATS: kernel twins created{{ +}}1
; STATS: functions not matching -csan-function-filter{{ +}}2

; BAD: error: csan: invalid -csan-function-filter '(': parentheses not balanced
