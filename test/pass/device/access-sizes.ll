; Loads and stores of 1, 2, 4, 8 and 16 bytes use the sized entry points; any
; other size is a range check of exactly the store size. Checks come right
; before their access and take the generic address.
; The accesses share pointers, so check merging is off here (see redundant-*.ll).
; RUN: %opt -passes=csan-device -csan-optimize-checks=false -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @sized__csan(
; CHECK:       call ptr @__csan_dev_read1(ptr %csan.ctx, ptr %p, i32 %csan.site{{[0-9]*}})
; CHECK-NEXT:  load i8, ptr {{%csan.use[0-9]*|%[0-9]+|%p}}
; CHECK:       call ptr @__csan_dev_read2(ptr %csan.ctx, ptr %p, i32
; CHECK-NEXT:  load i16, ptr {{%csan.use[0-9]*|%[0-9]+|%p}}
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %q, i32
; CHECK-NEXT:  load float, ptr {{%csan.use[0-9]*|%[0-9]+|%q}}
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr %q, i32
; CHECK-NEXT:  load double, ptr {{%csan.use[0-9]*|%[0-9]+|%q}}
; CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr %r, i32
; CHECK-NEXT:  load i128, ptr {{%csan.use[0-9]*|%[0-9]+|%r}}
; CHECK:       call ptr @__csan_dev_write1(ptr %csan.ctx, ptr %s, i32
; CHECK-NEXT:  store i1 true, ptr {{%csan.use[0-9]*|%[0-9]+|%s}}
; CHECK:       call ptr @__csan_dev_write2(ptr %csan.ctx, ptr %s, i32
; CHECK-NEXT:  store half
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %s, i32
; CHECK-NEXT:  store i32
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %s, i32
; CHECK-NEXT:  store ptr
; CHECK:       call ptr @__csan_dev_write16(ptr %csan.ctx, ptr %s, i32
; CHECK-NEXT:  store fp128
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @sized(ptr %p, ptr %q, ptr %r, ptr %s) {
  %a = load i8, ptr %p, align 1
  %b = load i16, ptr %p, align 2
  %c = load float, ptr %q, align 4
  %d = load double, ptr %q, align 8
  %e = load i128, ptr %r, align 16
  store i1 true, ptr %s, align 1
  store half 1.0, ptr %s, align 2
  store i32 0, ptr %s, align 4
  store ptr null, ptr %s, align 8
  store fp128 0xL00000000000000000000000000000000, ptr %s, align 16
  ret void
}

; Odd sizes: 3 bytes (i24), 6 bytes (i48), 32 bytes (i256).
; CHECK-LABEL: define void @odd__csan(
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %p, i64 3, i32
; CHECK-NEXT:  load i24, ptr %p
; CHECK:       call void @__csan_dev_write_range(ptr %csan.ctx, ptr %q, i64 6, i32
; CHECK-NEXT:  store i48 0, ptr %q
; CHECK:       call void @__csan_dev_read_range(ptr %csan.ctx, ptr %r, i64 32, i32
; CHECK-NEXT:  load i256, ptr %r
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @odd(ptr %p, ptr %q, ptr %r) {
  %a = load i24, ptr %p, align 4
  store i48 0, ptr %q, align 8
  %c = load i256, ptr %r, align 32
  ret void
}
