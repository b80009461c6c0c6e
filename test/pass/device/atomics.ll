; atomicrmw, cmpxchg and atomic stores are atomic writes, atomic loads atomic
; reads, with the size of the value. Only device- and system-scoped atomics
; are atomic across kernels; block- and cluster-scoped ones are checked as the
; plain write or read they are to another stream's kernel.
; RUN: %opt -passes=csan-device -csan-optimize-checks=false -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @system_and_device_scope__csan(
; CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  atomicrmw add ptr {{%csan.use[0-9]*|%[0-9]+|%p}}, i32 1 seq_cst
; CHECK:       call ptr @__csan_dev_atomic_write8(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  cmpxchg ptr {{%csan.use[0-9]*|%[0-9]+|%p}}, i64 0, i64 1 syncscope("device") monotonic monotonic
; CHECK:       call ptr @__csan_dev_atomic_read4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  load atomic i32, ptr {{%csan.use[0-9]*|%[0-9]+|%p}} syncscope("device") acquire
; CHECK:       call ptr @__csan_dev_atomic_write2(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  store atomic i16 3, ptr {{%csan.use[0-9]*|%[0-9]+|%p}} release
; CHECK:       call ptr @__csan_dev_atomic_write16(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  cmpxchg ptr {{%csan.use[0-9]*|%[0-9]+|%p}}, i128 0, i128 1 seq_cst seq_cst
; CHECK:       call ptr @__csan_dev_atomic_write4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  atomicrmw fadd ptr {{%csan.use[0-9]*|%[0-9]+|%p}}, float 1.000000e+00 monotonic
; CHECK:       call ptr @__csan_dev_atomic_read1(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  load atomic i8, ptr {{%csan.use[0-9]*|%[0-9]+|%p}} monotonic
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev
; CHECK:       ret void
define void @system_and_device_scope(ptr %p) {
  %a = atomicrmw add ptr %p, i32 1 seq_cst, align 4
  %b = cmpxchg ptr %p, i64 0, i64 1 syncscope("device") monotonic monotonic, align 8
  %c = load atomic i32, ptr %p syncscope("device") acquire, align 4
  store atomic i16 3, ptr %p release, align 2
  %d = cmpxchg ptr %p, i128 0, i128 1 seq_cst seq_cst, align 16
  %e = atomicrmw fadd ptr %p, float 1.0 monotonic, align 4
  %f = load atomic i8, ptr %p monotonic, align 1
  ret void
}

; CHECK-LABEL: define void @narrow_scope__csan(
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  atomicrmw add ptr {{%csan.use[0-9]*|%[0-9]+|%p}}, i32 1 syncscope("block") monotonic
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  cmpxchg ptr {{%csan.use[0-9]*|%[0-9]+|%p}}, i32 0, i32 1 syncscope("cluster") monotonic monotonic
; CHECK:       call ptr @__csan_dev_read8(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  load atomic i64, ptr {{%csan.use[0-9]*|%[0-9]+|%p}} syncscope("block") acquire
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  store atomic i32 0, ptr {{%csan.use[0-9]*|%[0-9]+|%p}} syncscope("singlethread") monotonic
; CHECK-NOT:   call {{(void|ptr)}} @__csan_dev_atomic
; CHECK:       ret void
define void @narrow_scope(ptr %p) {
  %a = atomicrmw add ptr %p, i32 1 syncscope("block") monotonic, align 4
  %b = cmpxchg ptr %p, i32 0, i32 1 syncscope("cluster") monotonic monotonic, align 4
  %c = load atomic i64, ptr %p syncscope("block") acquire, align 8
  store atomic i32 0, ptr %p syncscope("singlethread") monotonic, align 4
  ret void
}

; Volatile is not atomic.
; CHECK-LABEL: define void @volatile_is_plain__csan(
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  load volatile i32, ptr {{%csan.use[0-9]*|%[0-9]+|%p}}
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK-NEXT:  store volatile i32
define void @volatile_is_plain(ptr %p) {
  %a = load volatile i32, ptr %p, align 4
  store volatile i32 %a, ptr %p, align 4
  ret void
}
