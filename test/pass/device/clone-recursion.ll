; Recursion: the clone of a recursive device function calls itself (the
; clone), with its context; mutual recursion likewise. The originals keep
; calling the originals.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @walk(ptr %p, i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
more:
  store i32 %n, ptr %p, align 4
  %q = getelementptr i32, ptr %p, i32 1
  %m = sub i32 %n, 1
  call void @walk(ptr %q, i32 %m)
  br label %done
done:
  ret void
}

; ping has no access of its own: it needs the context because pong does.
define void @ping(ptr %p, i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  call void @pong(ptr %p, i32 %m)
  br label %done
done:
  ret void
}

define void @pong(ptr %p, i32 %n) {
  %v = load i32, ptr %p, align 4
  call void @ping(ptr %p, i32 %n)
  ret void
}

define ptx_kernel void @k(ptr %p, i32 %n) {
  call void @walk(ptr %p, i32 %n)
  call void @ping(ptr %p, i32 %n)
  ret void
}

; CHECK-LABEL: define void @walk(
; CHECK:         call void @walk(ptr %q, i32 %m)
; CHECK-LABEL: define void @walk__csan(ptr %p, i32 %n, ptr %csan.ctx)
; CHECK:         call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK:         call void @walk__csan(ptr %q, i32 %m, ptr %csan.ctx)
; CHECK-LABEL: define void @ping(
; CHECK:         call void @pong(ptr %p, i32 %m)
; CHECK-LABEL: define void @ping__csan(ptr %p, i32 %n, ptr %csan.ctx)
; CHECK:         call void @pong__csan(ptr %p, i32 %m, ptr %csan.ctx)
; CHECK-LABEL: define void @pong(
; CHECK:         call void @ping(ptr %p, i32 %n)
; CHECK-LABEL: define void @pong__csan(ptr %p, i32 %n, ptr %csan.ctx)
; CHECK:         call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK:         call void @ping__csan(ptr %p, i32 %n, ptr %csan.ctx)
; CHECK-LABEL: define ptx_kernel void @k(
; CHECK-NEXT:    call void @walk(ptr %p, i32 %n)
; CHECK-NEXT:    call void @ping(ptr %p, i32 %n)
; CHECK-LABEL: define ptx_kernel void @k__csan(
; CHECK-NEXT:    call void @walk__csan(ptr %p, i32 %n, ptr %csan.ctx)
; CHECK-NEXT:    call void @ping__csan(ptr %p, i32 %n, ptr %csan.ctx)
