; Accesses tagged !nosanitize get no check; the same access untagged does.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @tagged(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @tagged(ptr %p) {
  %a = load i32, ptr %p, align 4, !nosanitize !0
  store i32 %a, ptr %p, align 4, !nosanitize !0
  %b = atomicrmw add ptr %p, i32 1 monotonic, align 4, !nosanitize !0
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 16, i1 false), !nosanitize !0
  ret void
}

; CHECK-LABEL: define void @untagged__csan(
; CHECK:       call ptr @__csan_dev_write4(
; CHECK-NEXT:  store i32 0, ptr {{%csan.use[0-9]*|%[0-9]+|%p}}
define void @untagged(ptr %p) {
  store i32 0, ptr %p, align 4
  ret void
}

; STATS: tagged !nosanitize{{ +}}4

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
!0 = !{}
