; Global (1) and generic (0) accesses are checked; a global pointer is cast
; to generic for the call (the runtime tests isspacep.global). Shared (3, 7),
; constant (4), local (5), tensor (6) and param (101) memory cannot be reached
; by another stream: no check, also through generic pointers based on them.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@shared_buf = internal addrspace(3) global [64 x i32] undef, align 4

; CHECK-LABEL: define void @checked__csan(
; CHECK:       [[G:%.*]] = addrspacecast ptr addrspace(1) %g to ptr
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[G]],
; CHECK:  load i32, ptr addrspace(1) {{%csan.use[0-9]*|%[0-9]+|%g}}
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  store i32 %a, ptr {{%csan.use[0-9]*|%[0-9]+|%p}}
define void @checked(ptr addrspace(1) %g, ptr %p) {
  %a = load i32, ptr addrspace(1) %g, align 4
  store i32 %a, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define void @not_global(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @not_global(ptr addrspace(3) %s, ptr addrspace(4) %c, ptr addrspace(5) %l,
                        ptr addrspace(6) %t, ptr addrspace(7) %dsm, ptr addrspace(101) %prm, i32 %i) {
  %a = load i32, ptr addrspace(3) %s, align 4
  %b = load i32, ptr addrspace(4) %c, align 4
  store i32 %b, ptr addrspace(5) %l, align 4
  store i32 %a, ptr addrspace(6) %t, align 4
  store i32 %a, ptr addrspace(7) %dsm, align 4
  %d = load i32, ptr addrspace(101) %prm, align 4
  ; Generic pointers into shared and constant memory.
  %gs = addrspacecast ptr addrspace(3) %s to ptr
  %e = getelementptr i32, ptr %gs, i32 %i
  store i32 %d, ptr %e, align 4
  %gsb = getelementptr i32, ptr addrspacecast (ptr addrspace(3) @shared_buf to ptr), i32 %i
  store i32 %d, ptr %gsb, align 4
  %gc = addrspacecast ptr addrspace(4) %c to ptr
  %f = load i32, ptr %gc, align 4
  ret void
}

; STATS:      shared memory{{ +}}4
; STATS-NEXT: constant memory{{ +}}2
; STATS-NEXT: local memory (stack){{ +}}1
; STATS-NEXT: kernel parameters{{ +}}1
; STATS-NEXT: tensor memory{{ +}}1
; STATS:      unclassified{{ +}}0
