; Unaligned accesses of a sized width still use the sized entry points (the
; runtime handles accesses that cross a granule); wider ones are ranges.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @unaligned__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  load i32, ptr {{%csan.use[0-9]*|%[0-9]+|%p}}, align 1
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %q,
; CHECK-NEXT:  store i64 0, ptr {{%csan.use[0-9]*|%[0-9]+|%q}}, align 2
; CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr %r,
; CHECK-NEXT:  load <4 x i32>, ptr {{%csan.use[0-9]*|%[0-9]+|%r}}, align 4
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %s, i64 24,
; CHECK-NEXT:  store <6 x i32> zeroinitializer, ptr %s, align 1
define void @unaligned(ptr %p, ptr %q, ptr %r, ptr %s) {
  %a = load i32, ptr %p, align 1
  store i64 0, ptr %q, align 2
  %b = load <4 x i32>, ptr %r, align 4
  store <6 x i32> zeroinitializer, ptr %s, align 1
  ret void
}
