; Loads in inline PTX are checked like IR loads: the state space (global or
; generic: checked; shared, local, param, const: counted under their
; reasons), the type's bytes times the vector count, the bracketed address
; operand with its offset. An asm without a "memory" clobber, which LLVM
; marks memory(none) (clang's __ldcs/__ldcg), is checked all the same.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CUB's ThreadLoad<LOAD_LDG>: ld.global.nc, scalar and vector.
; CHECK-LABEL: define void @cub_ldg__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  call i32 asm sideeffect "ld.global.nc.u32
; CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr %q,
; CHECK-NEXT:  call { i64, i64 } asm sideeffect "ld.global.nc.v2.u64
; CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr %r,
; CHECK-NEXT:  call { i32, i32, i32, i32 } asm sideeffect "ld.global.nc.v4.u32
; CHECK:       call ptr @__csan_dev_read2(ptr %csan.ctx, ptr %s,
; CHECK-NEXT:  call i16 asm sideeffect "ld.global.nc.u16
define void @cub_ldg(ptr %p, ptr %q, ptr %r, ptr %s) {
  %a = call i32 asm sideeffect "ld.global.nc.u32 $0, [$1];", "=r,l"(ptr %p)
  %b = call { i64, i64 } asm sideeffect "ld.global.nc.v2.u64 {$0, $1}, [$2];", "=l,=l,l"(ptr %q)
  %c = call { i32, i32, i32, i32 } asm sideeffect "ld.global.nc.v4.u32 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,l"(ptr %r)
  %d = call i16 asm sideeffect "ld.global.nc.u16 $0, [$1];", "=h,l"(ptr %s)
  ret void
}

; __ldcs/__ldcg of clang's and cuda_bf16's headers: no memory clobber, so
; memory(none); still checked.
; CHECK-LABEL: define void @memory_none__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  call float asm "ld.global.cs.f32
; CHECK:       call ptr @__csan_dev_read16(ptr %csan.ctx, ptr %q,
; CHECK-NEXT:  call { float, float, float, float } asm "ld.global.cs.v4.f32
; CHECK:       call ptr @__csan_dev_read2(ptr %csan.ctx, ptr %r,
; CHECK-NEXT:  call i16 asm "ld.global.cg.b16
define void @memory_none(ptr %p, ptr %q, ptr %r) {
  %a = call float asm "ld.global.cs.f32 $0, [$1];", "=f,l"(ptr %p) #0
  %b = call { float, float, float, float } asm "ld.global.cs.v4.f32 {$0,$1,$2,$3}, [$4];", "=f,=f,=f,=f,l"(ptr %q) #0
  %c = call i16 asm "ld.global.cg.b16 $0, [$1];", "=h,l"(ptr %r) #0
  ret void
}

; Generic addresses (the runtime ignores those outside the global window),
; offsets, integer operands (ptrtoint looked through; other i64 values
; become pointers), ${N} spellings, and an address copied into an asm-local
; register (mov, cvta.to.global, add of a constant).
; CHECK-LABEL: define void @addresses__csan(
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  call i64 asm sideeffect "ld.u64
; CHECK:       [[OFF:%.*]] = getelementptr i8, ptr %p, i64 -8
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[OFF]],
; CHECK-NEXT:  call i32 asm sideeffect "ld.global.u32 $0, [$1+-8];"
; CHECK:       [[G:%.*]] = addrspacecast ptr addrspace(1) %g to ptr
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[G]],
; CHECK-NEXT:  call i32 asm sideeffect "ld.global.u32 $0, [$1];", "=r,l"(i64 %gi)
; CHECK:       [[I:%.*]] = inttoptr i64 %addr to ptr
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr [[I]],
; CHECK-NEXT:  call i32 asm sideeffect "ld.global.u32 ${0}, [${1}];"
; CHECK:       [[R:%.*]] = getelementptr i8, ptr %p, i64 16
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr [[R]],
; CHECK-NEXT:  call i64 asm sideeffect "{ .reg .u64 a;
define void @addresses(ptr %p, ptr addrspace(1) %g, i64 %addr) {
  %a = call i64 asm sideeffect "ld.u64 $0, [$1];", "=l,l"(ptr %p)
  %b = call i32 asm sideeffect "ld.global.u32 $0, [$1+-8];", "=r,l"(ptr %p)
  %gi = ptrtoint ptr addrspace(1) %g to i64
  %c = call i32 asm sideeffect "ld.global.u32 $0, [$1];", "=r,l"(i64 %gi)
  %d = call i32 asm sideeffect "ld.global.u32 ${0}, [${1}];", "=r,l"(i64 %addr)
  %e = call i64 asm sideeffect "{ .reg .u64 a;\0A\09 cvta.to.global.u64 a, $1;\0A\09 add.u64 a, a, 8;\0A\09 ld.global.u64 $0, [a+8];\0A\09}", "=l,l"(ptr %p)
  ret void
}

; A load under a predicate the asm sets from an operand (setp.ne $N, 0) is
; checked when the predicate holds.
; CHECK-LABEL: define void @guarded__csan(
; CHECK:       [[ON:%.*]] = icmp ne i32 %pred, 0
; CHECK:       [[MASK:%.*]] = insertelement <1 x i1> poison, i1 [[ON]], i64 0
; CHECK:       [[BIT:%.*]] = extractelement <1 x i1> [[MASK]], i64 0
; CHECK:       br i1 [[BIT]]
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK:       call i32 asm sideeffect "{ .reg .pred p;
define void @guarded(ptr %p, i32 %pred) {
  %a = call i32 asm sideeffect "{ .reg .pred p;\0A setp.ne.b32 p, $2, 0;\0A mov.b32 $0, 0;\0A @p ld.global.u32 $0, [$1];\0A}", "=r,l,r"(ptr %p, i32 %pred)
  ret void
}

; Spaces that no other stream can reach.
; CHECK-LABEL: define void @other_spaces(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @other_spaces(i32 %s, ptr %l, ptr %p, i64 %c) {
  %a = call i32 asm sideeffect "ld.shared.u32 $0, [$1];", "=r,r"(i32 %s)
  %b = call i32 asm sideeffect "ld.shared::cta.u32 $0, [$1];", "=r,r"(i32 %s)
  %c1 = call i32 asm sideeffect "ld.local.u32 $0, [$1];", "=r,l"(ptr %l)
  %d = call i32 asm sideeffect "ld.param.u32 $0, [$1];", "=r,l"(ptr %p)
  %e = call i32 asm sideeffect "ld.const.u32 $0, [$1];", "=r,l"(i64 %c)
  ret void
}

attributes #0 = { nounwind memory(none) }

; STATS:      {{^}}    read{{ +}}0{{ +}}2{{ +}}6{{ +}}2{{ +}}3{{ +}}0{{ +}}13
; STATS:      shared memory{{ +}}2
; STATS-NEXT: constant memory{{ +}}1
; STATS-NEXT: local memory (stack){{ +}}1
; STATS-NEXT: kernel parameters{{ +}}1
; STATS:      inline asm: address not an operand{{ +}}0
; STATS-NEXT: inline asm: predicate not known{{ +}}0
; STATS-NEXT: inline asm: instruction not understood{{ +}}0
; STATS:      unclassified{{ +}}0

; An access that gets no check leaves the IR as it was: no address is
; computed for it.
; RUN: %opt -passes=csan-device -csan-instrument-reads=0 -S %s | FileCheck %s --check-prefix=UNCHECKED
; UNCHECKED-NOT: csan.asm
; UNCHECKED-NOT: inttoptr
; UNCHECKED-NOT: insertelement
