; A check of a loop-invariant address whose access runs whenever the loop is
; entered moves to the preheader (of the outermost such loop). A conditional
; access in the loop, or one after a call that may not return, is never
; hoisted: its check could run for an access that does not happen. Varying
; addresses stay in the loop.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s --check-prefixes=CHECK,OPT
; RUN: FileCheck %s --check-prefix=STATS < %t.stats
; RUN: %opt -passes=csan-device -csan-optimize-checks=false -S %s | FileCheck %s --check-prefixes=CHECK,NOOPT

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; sum += *p in a loop; out[i] = ... varies.
; CHECK-LABEL: define void @invariant__csan(
; CHECK:       entry:
; OPT:         call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK:       br label %loop
; CHECK:       loop:
; NOOPT:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; OPT-NOT:     call {{(void|ptr)}} @__csan_dev_read4
; CHECK:       %x = load i32, ptr {{%csan.use[0-9]*|%p}}
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %dst,
; CHECK:       exit:
define void @invariant(ptr %p, ptr %out, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %x = load i32, ptr %p, align 4
  %dst = getelementptr i32, ptr %out, i32 %i
  store i32 %x, ptr %dst, align 4
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Nested loops: to the outer preheader when invariant in both.
; CHECK-LABEL: define void @nested__csan(
; CHECK:       entry:
; OPT:         call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %counter,
; CHECK:       br label %outer
; CHECK:       inner:
; NOOPT:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %counter,
; CHECK:       atomicrmw add ptr {{%csan.use[0-9]*|%counter}}
define void @nested(ptr %counter, i32 %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  %old = atomicrmw add ptr %counter, i32 1 monotonic, align 4
  %j1 = add i32 %j, 1
  %cj = icmp slt i32 %j1, %n
  br i1 %cj, label %inner, label %latch
latch:
  %i1 = add i32 %i, 1
  %ci = icmp slt i32 %i1, %n
  br i1 %ci, label %outer, label %exit
exit:
  ret void
}

; Negative: the access is conditional inside the loop.
; CHECK-LABEL: define void @conditional__csan(
; CHECK:       then:
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  store i32 %i, ptr {{%csan.use[0-9]*|%[0-9]+|%p}}
define void @conditional(ptr %p, ptr %flags, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %fp = getelementptr i8, ptr %flags, i32 %i
  %f = load i8, ptr %fp, align 1
  %set = icmp ne i8 %f, 0
  br i1 %set, label %then, label %latch
then:
  store i32 %i, ptr %p, align 4
  br label %latch
latch:
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; Negative: a call that may not return comes first in the loop body.
; CHECK-LABEL: define void @after_call__csan(
; CHECK:       loop:
; CHECK:       call void @may_exit()
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
define void @after_call(ptr %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @may_exit()
  %x = load i32, ptr %p, align 4
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

declare void @may_exit()

; STATS: checks hoisted to loop preheaders{{ +}}2
