; In one block, a check of bytes another check of the block covers is
; dropped: two reads of one address are checked once, read-then-write only by
; the write, a wide write covers a narrower read inside it. The covering check
; keeps the strongest kind. Different addresses, bytes outside the covering
; check, or another block keep their own checks.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s --check-prefixes=CHECK,OPT
; RUN: %opt -passes=csan-device -csan-optimize-checks=false -S %s | FileCheck %s --check-prefixes=CHECK,NOOPT

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define i32 @read_read__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  %a = load
; OPT-NOT:     call {{(void|ptr)}} @__csan_dev
; NOOPT:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK:       %b = load
define i32 @read_read(ptr %p) {
  %a = load i32, ptr %p, align 4
  %b = load i32, ptr %p, align 4
  %s = add i32 %a, %b
  ret i32 %s
}

; x[i] += 1: the read's check goes, the write's stays and runs before the
; read (redundant-moves-up.ll has the rules).
; CHECK-LABEL: define void @read_then_write__csan(
; OPT-NOT:     call {{(void|ptr)}} @__csan_dev_read4
; OPT:         %csan.use = call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; OPT-NEXT:    %v = load i32, ptr %csan.use
; NOOPT:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; NOOPT:       %v = load
; NOOPT:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK:       store i32 %v1, ptr {{%csan.use[0-9]*}}
define void @read_then_write(ptr %p) {
  %v = load i32, ptr %p, align 4
  %v1 = add i32 %v, 1
  store i32 %v1, ptr %p, align 4
  ret void
}

; An 8-byte write covers a 4-byte read of its upper half, found through
; constant offsets from one base.
; CHECK-LABEL: define void @wide_covers_narrow__csan(
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %p,
; OPT-NOT:     call {{(void|ptr)}} @__csan_dev_read4
; NOOPT:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %hi,
; CHECK:       %x = load i32, ptr {{%csan.use[0-9]*|%hi}}
define void @wide_covers_narrow(ptr %p) {
  store i64 0, ptr %p, align 8
  %hi = getelementptr i8, ptr %p, i64 4
  %x = load i32, ptr %hi, align 4
  ret void
}

; Negative: bytes [4, 12) are not inside [0, 8); an atomic write does not
; cover a plain read; other pointers are other bytes.
; CHECK-LABEL: define void @not_covered__csan(
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr %q,
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr %q4,
; CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %r,
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %r,
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %s,
; CHECK:       ret void
define void @not_covered(ptr %q, ptr %r, ptr %s) {
  %b = load i64, ptr %q, align 8
  %q4 = getelementptr i8, ptr %q, i64 4
  %c = load i64, ptr %q4, align 4
  %d = atomicrmw add ptr %r, i32 1 monotonic, align 4
  %e = load i32, ptr %r, align 4
  %f = load i32, ptr %s, align 4
  ret void
}

; Another block keeps its own check.
; CHECK-LABEL: define void @two_blocks__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK:       next:
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
define void @two_blocks(ptr %p) {
  %a = load i32, ptr %p, align 4
  br label %next
next:
  %b = load i32, ptr %p, align 4
  ret void
}
