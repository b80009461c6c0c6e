; Allocas are local memory, private to their thread: no other kernel can
; reach them, whether or not their address escapes, so they get no check.
; Nor do byval parameters of device functions (local copies).
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%big = type { [8 x i32] }

declare void @sink(ptr)

; CHECK-LABEL: define void @stack(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @stack(i32 %i, ptr byval(%big) align 4 %copy) {
  %local = alloca [16 x i32], align 4
  %slot = getelementptr [16 x i32], ptr %local, i32 0, i32 %i
  store i32 1, ptr %slot, align 4
  %x = load i32, ptr %slot, align 4
  %escaping = alloca i32, align 4
  call void @sink(ptr %escaping)
  store i32 %x, ptr %escaping, align 4
  %inbyval = getelementptr %big, ptr %copy, i32 0, i32 0, i32 %i
  %y = load i32, ptr %inbyval, align 4
  ret void
}

; The same function with a global pointer is checked (positive twin).
; CHECK-LABEL: define void @heap__csan(
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx,
; CHECK:       ret void
define void @heap(i32 %i, ptr %p) {
  %slot = getelementptr [16 x i32], ptr %p, i32 0, i32 %i
  store i32 1, ptr %slot, align 4
  ret void
}

; STATS: local memory (stack){{ +}}4
