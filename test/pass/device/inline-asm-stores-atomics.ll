; Stores and atomics in inline PTX: __stcs/__stwt-style stores are plain
; writes; atom/red (libcu++ atomics, cooperative groups' grid barrier) are
; atomic writes at .gpu (the default) and .sys scope and plain writes at
; .cta/.cluster scope, which are not atomic with respect to another kernel;
; .relaxed/.acquire/.release loads and stores are atomic at .gpu/.sys and
; plain at .cta; .volatile is plain.
; RUN: %opt -passes=csan-device -csan-stats -S %s 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @stores__csan(
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  call void asm sideeffect "st.global.cs.f32
; CHECK:       call ptr @__csan_dev_write16(ptr %csan.ctx, ptr %q,
; CHECK-NEXT:  call void asm sideeffect "st.global.wt.v4.f32
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %r,
; CHECK-NEXT:  call void asm sideeffect "st.cg.u32
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %s,
; CHECK-NEXT:  call void asm sideeffect "st.volatile.global.v2.u32
define void @stores(ptr %p, ptr %q, ptr %r, ptr %s, float %f, i32 %i) {
  call void asm sideeffect "st.global.cs.f32 [$0], $1;", "l,f,~{memory}"(ptr %p, float %f)
  call void asm sideeffect "st.global.wt.v4.f32 [$0], {$1,$2,$3,$4};", "l,f,f,f,f,~{memory}"(ptr %q, float %f, float %f, float %f, float %f)
  call void asm sideeffect "st.cg.u32 [$0], $1;", "l,r"(ptr %r, i32 %i)
  call void asm sideeffect "st.volatile.global.v2.u32 [$0], {$1, $2};", "l,r,r,~{memory}"(ptr %s, i32 %i, i32 %i)
  ret void
}

; CHECK-LABEL: define void @atomics__csan(
; CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %a,
; CHECK-NEXT:  call i32 asm sideeffect "atom.add.release.gpu.u32
; CHECK:       call ptr @__csan_dev_atomic_write8(ptr %csan.ctx, ptr %b,
; CHECK-NEXT:  call i64 asm sideeffect "atom.global.cas.b64
; CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %c,
; CHECK-NEXT:  call void asm sideeffect "red.release.gpu.global.add.u32
; CHECK:       call ptr @__csan_dev_atomic_write16(ptr %csan.ctx, ptr %d,
; CHECK-NEXT:  call void asm sideeffect "red.global.v4.f32.add
; CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %e,
; CHECK-NEXT:  call i32 asm sideeffect "atom.exch.sys.b32
; CHECK:       call ptr @__csan_dev_write8(ptr %csan.ctx, ptr %f,
; CHECK-NEXT:  call i64 asm sideeffect "atom.add.acq_rel.cta.u64
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %g,
; CHECK-NEXT:  call void asm sideeffect "red.relaxed.cluster.add.u32
define void @atomics(ptr %a, ptr %b, ptr %c, ptr %d, ptr %e, ptr %f, ptr %g, i32 %i, i64 %l, float %x) {
  %r1 = call i32 asm sideeffect "atom.add.release.gpu.u32 $0,[$1],$2;", "=r,l,r,~{memory}"(ptr %a, i32 %i)
  %r2 = call i64 asm sideeffect "atom.global.cas.b64 $0, [$1], $2, $3;", "=l,l,l,l,~{memory}"(ptr %b, i64 %l, i64 %l)
  call void asm sideeffect "red.release.gpu.global.add.u32 [$0], $1;", "l,r,~{memory}"(ptr %c, i32 %i)
  call void asm sideeffect "red.global.v4.f32.add [$0], {$1, $2, $3, $4};", "l,f,f,f,f,~{memory}"(ptr %d, float %x, float %x, float %x, float %x)
  %r3 = call i32 asm sideeffect "atom.exch.sys.b32 $0, [$1], $2;", "=r,l,r,~{memory}"(ptr %e, i32 %i)
  %r4 = call i64 asm sideeffect "atom.add.acq_rel.cta.u64 $0,[$1],$2;", "=l,l,l,~{memory}"(ptr %f, i64 %l)
  call void asm sideeffect "red.relaxed.cluster.add.u32 [$0], $1;", "l,r,~{memory}"(ptr %g, i32 %i)
  ret void
}

; CHECK-LABEL: define void @ordered_loads_stores__csan(
; CHECK:       call ptr @__csan_dev_atomic_read4(ptr %csan.ctx, ptr %a,
; CHECK-NEXT:  call i32 asm sideeffect "ld.acquire.gpu.u32
; CHECK:       call ptr @__csan_dev_atomic_read8(ptr %csan.ctx, ptr %b,
; CHECK-NEXT:  call { i32, i32 } asm sideeffect "ld.relaxed.gpu.v2.u32
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr %c,
; CHECK-NEXT:  call i64 asm sideeffect "ld.acquire.cta.b64
; CHECK:       call ptr @__csan_dev_atomic_write8(ptr %csan.ctx, ptr %d,
; CHECK-NEXT:  call void asm sideeffect "st.relaxed.gpu.v2.u32
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %e,
; CHECK-NEXT:  call void asm sideeffect "st.relaxed.cta.b32
; CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %f,
; CHECK-NEXT:  call void asm sideeffect "st.release.sys.global.u32
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %g,
; CHECK-NEXT:  call i32 asm sideeffect "ld.volatile.global.u32
define void @ordered_loads_stores(ptr %a, ptr %b, ptr %c, ptr %d, ptr %e, ptr %f, ptr %g, i32 %i) {
  %r1 = call i32 asm sideeffect "ld.acquire.gpu.u32 $0,[$1];", "=r,l,~{memory}"(ptr %a)
  %r2 = call { i32, i32 } asm sideeffect "ld.relaxed.gpu.v2.u32 {$0, $1}, [$2];", "=r,=r,l,~{memory}"(ptr %b)
  %r3 = call i64 asm sideeffect "ld.acquire.cta.b64 $0,[$1];", "=l,l,~{memory}"(ptr %c)
  call void asm sideeffect "st.relaxed.gpu.v2.u32 [$0], {$1, $2};", "l,r,r,~{memory}"(ptr %d, i32 %i, i32 %i)
  call void asm sideeffect "st.relaxed.cta.b32 [$0],$1;", "l,r,~{memory}"(ptr %e, i32 %i)
  call void asm sideeffect "st.release.sys.global.u32 [$0], $1;", "l,r,~{memory}"(ptr %f, i32 %i)
  %r4 = call i32 asm sideeffect "ld.volatile.global.u32 $0, [$1];", "=r,l,~{memory}"(ptr %g)
  ret void
}

; Shared-memory atomics (mbarrier-like state) are no concern of csan.
; CHECK-LABEL: define void @shared_atomics(
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @shared_atomics(i32 %s) {
  %r = call i32 asm sideeffect "atom.shared.add.u32 $0, [$1], 1;", "=r,r,~{memory}"(i32 %s)
  call void asm sideeffect "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [$0], 1, [$0];", "r,~{memory}"(i32 %s)
  ret void
}

; STATS:      shared memory{{ +}}2
; STATS:      inline asm: address not an operand{{ +}}0
; STATS-NEXT: inline asm: predicate not known{{ +}}0
; STATS-NEXT: inline asm: instruction not understood{{ +}}0
