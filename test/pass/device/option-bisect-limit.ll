; -csan-bisect-limit=N inserts at most N checks per module, in order; the
; rest are counted. -1 (the default) means no limit.
; RUN: %opt -passes=csan-device -csan-bisect-limit=2 -csan-stats -S %s 2>%t.stats | FileCheck %s --check-prefix=TWO
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; RUN: %opt -passes=csan-device -csan-bisect-limit=0 -S %s | FileCheck %s --check-prefix=ZERO
; RUN: %opt -passes=csan-device -S %s | FileCheck %s --check-prefix=ALL

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; TWO-LABEL: define void @f(
; TWO:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %a,
; TWO:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %b,
; TWO-NOT:   call {{(void|ptr)}} @__csan_dev
; TWO:       ret void
; ZERO-LABEL: define void @f(
; ZERO-NOT:  __csan_dev
; ZERO:      ret void
; ALL-COUNT-3: call ptr @__csan_dev_write4(
define void @f(ptr %a, ptr %b, ptr %c) {
  store i32 1, ptr %a, align 4
  store i32 2, ptr %b, align 4
  store i32 3, ptr %c, align 4
  ret void
}

; STATS: over -csan-bisect-limit{{ +}}1
