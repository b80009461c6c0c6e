; Inline PTX whose memory instruction csan cannot describe is counted, each
; under its reason: an address computed inside the asm (or a symbol), a
; guard predicate csan cannot evaluate, and a form it does not know (a call,
; an untyped access). One asm with two such instructions counts twice. The
; module's gap table carries the same counts to the runtime's exit summary.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

; CHECK: @__csan_module_gaps = weak addrspace(1) constant [113 x i8] c"2\09inline asm: address not an operand\0A1\09inline asm: predicate not known\0A2\09inline asm: instruction not understood\0A\00"

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @not_understood__csan(
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  call i32 asm sideeffect "{ .reg .u64 q;
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @not_understood(ptr %p, i32 %x) {
  ; The address is loaded inside the asm.
  %a = call i32 asm sideeffect "{ .reg .u64 q;\0A ld.global.u64 q, [$1];\0A ld.global.u32 $0, [q];\0A}", "=r,l"(ptr %p)
  ; A symbol.
  %b = call i32 asm sideeffect "ld.global.u32 $0, [some_global];", "=r"()
  ; A predicate from a shuffle.
  %c = call i32 asm sideeffect "{ .reg .pred p;\0A .reg .s32 r;\0A shfl.sync.up.b32 r|p, $2, 1, 0, -1;\0A @p ld.global.u32 $0, [$1];\0A}", "=r,l,r"(ptr %p, i32 %x)
  ; A call and an access without a type.
  call void asm sideeffect "call.uni external_function, ($0);", "l,~{memory}"(ptr %p)
  call void asm sideeffect "st.global [$0], $1;", "l,r,~{memory}"(ptr %p, i32 %x)
  ret void
}

; The first asm's outer load is checked: only the inner one counts.
; STATS:      {{^}}    total{{ +}}0{{ +}}0{{ +}}0{{ +}}1{{ +}}0{{ +}}0{{ +}}1
; STATS:      inline asm: address not an operand{{ +}}2
; STATS-NEXT: inline asm: predicate not known{{ +}}1
; STATS-NEXT: inline asm: instruction not understood{{ +}}2
