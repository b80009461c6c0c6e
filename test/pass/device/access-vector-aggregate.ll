; Vector and aggregate loads and stores are checked with their store size:
; sized when it is 1, 2, 4, 8 or 16 bytes, a range otherwise.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%pair = type { i32, i32 }
%odd = type { i32, i8 }

; CHECK-LABEL: define void @vectors__csan(
; CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  load <4 x float>, ptr {{%csan.use[0-9]*|%[0-9]+|%p}}
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr %q,
; CHECK-NEXT:  load <2 x float>, ptr {{%csan.use[0-9]*|%[0-9]+|%q}}
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %r, i64 12,
; CHECK-NEXT:  load <3 x float>, ptr %r
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %s, i64 32,
; CHECK-NEXT:  store <8 x float>
define void @vectors(ptr %p, ptr %q, ptr %r, ptr %s) {
  %a = load <4 x float>, ptr %p, align 16
  %b = load <2 x float>, ptr %q, align 8
  %c = load <3 x float>, ptr %r, align 16
  store <8 x float> zeroinitializer, ptr %s, align 32
  ret void
}

; CHECK-LABEL: define void @aggregates__csan(
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  load %pair, ptr {{%csan.use[0-9]*|%[0-9]+|%p}}
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %q,
; CHECK-NEXT:  store %odd
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %r, i64 5,
; CHECK-NEXT:  store [5 x i8]
define void @aggregates(ptr %p, ptr %q, ptr %r) {
  %a = load %pair, ptr %p, align 4
  store %odd zeroinitializer, ptr %q, align 4
  store [5 x i8] zeroinitializer, ptr %r, align 1
  ret void
}
