; Reads of constant globals cannot race (nothing writes them): no check.
; __device__ variables (non-constant globals) are checked; so are reads of
; data that is only read-only for this kernel (!invariant.load, as from
; const __restrict__ / __ldg), since another stream may write it.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@table = internal addrspace(1) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@cmem = addrspace(4) externally_initialized constant [4 x i32] zeroinitializer, align 4
@dvar = addrspace(1) externally_initialized global [4 x i32] zeroinitializer, align 4

; CHECK-LABEL: define void @reads__csan(
; CHECK-NOT:   call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %t
; CHECK-NOT:   call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %c
; CHECK:       [[D:%.*]] = addrspacecast ptr addrspace(1) %d to ptr
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[D]],
; CHECK:  %z = load i32, ptr addrspace(1) {{%csan.use[0-9]*|%[0-9]+|%d}}
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %ro,
; CHECK-NEXT:  %w = load i32, ptr {{%csan.use[0-9]*|%[0-9]+|%ro}}, align 4, !invariant.load
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @reads(i32 %i, ptr %ro) {
  %t = getelementptr [4 x i32], ptr addrspace(1) @table, i32 0, i32 %i
  %x = load i32, ptr addrspace(1) %t, align 4
  %c = getelementptr [4 x i32], ptr addrspacecast (ptr addrspace(4) @cmem to ptr), i32 0, i32 %i
  %y = load i32, ptr %c, align 4
  %d = getelementptr [4 x i32], ptr addrspace(1) @dvar, i32 0, i32 %i
  %z = load i32, ptr addrspace(1) %d, align 4
  %w = load i32, ptr %ro, align 4, !invariant.load !0
  ret void
}

; STATS:      constant memory{{ +}}1
; STATS:      read of a constant global{{ +}}1

!0 = !{}
