; Inline asm without a memory instruction is not an access: shuffles, votes,
; special registers, barriers, fences, arithmetic, cp.async group
; bookkeeping and prefetches get no check and are counted nowhere, whatever
; LLVM assumes of a volatile asm.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @registers_only(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @registers_only(i32 %x, ptr %p) {
  %a = call i32 asm sideeffect "shfl.sync.down.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r"(i32 %x, i32 1, i32 31, i32 -1)
  %b = call i32 asm "{\0A    .reg .pred p;\0A    and.b32 $0, $1, $2;    setp.ne.u32 p, $0, 0;\0A    vote.ballot.sync.b32 $0, p, 0xffffffff;\0A    @!p not.b32 $0, $0;\0A}\0A", "=r,r,r"(i32 %x, i32 %x)
  %c = call i32 asm sideeffect "mov.u32 $0, %laneid;", "=r"()
  %d = call i64 asm sideeffect "mov.u64 $0, %globaltimer;", "=l"()
  call void asm sideeffect "bar.sync 0;", "~{memory}"()
  call void asm sideeffect "fence.sc.cta;", "~{memory}"()
  call void asm sideeffect "membar.gl;", "~{memory}"()
  call void asm sideeffect "cp.async.commit_group;", ""()
  call void asm sideeffect "cp.async.wait_group $0;", "n"(i32 0)
  call void asm sideeffect "cp.async.wait_all;", "~{memory}"()
  call void asm sideeffect "prefetch.global.L2 [$0];", "l,~{memory}"(ptr %p)
  call void asm sideeffect "nanosleep.u32 $0;", "r"(i32 %x)
  %e = call { i32, i32 } asm sideeffect "{  .reg .s32 r0;  .reg .pred p;  shfl.sync.up.b32 r0|p, $1, $2, $3, $5;  @p add.s32 r0, r0, $4;  mov.s32 $0, r0;}", "=r,=r,r,r,r,r,r"(i32 %x, i32 1, i32 0, i32 %x, i32 -1)
  %f = call i64 asm "{\0A\09 .reg .u32 start;\0A\09 .reg .u64 extended;\0A\09 mov.u32 start, %reserved_smem_offset_1;\0A\09 cvt.u64.u32 extended, start;\0A\09 cvta.shared.u64 $0, extended;\0A\09}", "=l"()
  %g = call { float, float, float, float } asm sideeffect "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {$0,$1,$2,$3}, {$4,$5}, {$6}, {$0,$1,$2,$3};", "=f,=f,=f,=f,r,r,r"(i32 %x, i32 %x, i32 %x)
  call void asm sideeffect "// a comment: ld.global.u32 [x]\0A", ""()
  ret void
}

; STATS:      checks
; STATS:      {{^}}    total{{ +}}0{{ +}}0{{ +}}0{{ +}}0{{ +}}0{{ +}}0{{ +}}0
; STATS:      accesses without a check:
; STATS-NOT:  {{ [1-9][0-9]*$}}
; STATS:      checks per function:
