; TEST STAND-IN for csan_rt_device.bc. It defines every device runtime entry
; point of csan_abi.h with a trivial body so that tests of csan-device-link
; can check the mechanics of linking the runtime: entry points are linked only
; when needed, internalized, given the module's target attributes, inlined
; (they are always_inline), the slow path stays a call, and runtime code left
; unused disappears. It checks nothing about races; the real runtime is
; rt_device/csan_rt_device.cu. Assemble with llvm-as before use.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Written by the stand-in slow path, so that it is not optimized away.
@__csan_test_last_site = addrspace(1) global i32 0, align 4
; Referenced by nothing a module needs: must never be linked.
@__csan_test_unused_global = addrspace(1) global i32 7, align 4

define ptr @__csan_dev_read1(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 1, i32 %site, i32 0)
  ret ptr %addr
}

define ptr @__csan_dev_read2(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 2, i32 %site, i32 0)
  ret ptr %addr
}

define ptr @__csan_dev_read4(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 4, i32 %site, i32 0)
  ret ptr %addr
}

define ptr @__csan_dev_read8(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 8, i32 %site, i32 0)
  ret ptr %addr
}

define ptr @__csan_dev_read16(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 16, i32 %site, i32 0)
  ret ptr %addr
}

define ptr @__csan_dev_write1(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 1, i32 %site, i32 1)
  ret ptr %addr
}

define ptr @__csan_dev_write2(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 2, i32 %site, i32 1)
  ret ptr %addr
}

define ptr @__csan_dev_write4(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 4, i32 %site, i32 1)
  ret ptr %addr
}

define ptr @__csan_dev_write8(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 8, i32 %site, i32 1)
  ret ptr %addr
}

define ptr @__csan_dev_write16(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 16, i32 %site, i32 1)
  ret ptr %addr
}

define ptr @__csan_dev_atomic_read1(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 1, i32 %site, i32 2)
  ret ptr %addr
}

define ptr @__csan_dev_atomic_read2(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 2, i32 %site, i32 2)
  ret ptr %addr
}

define ptr @__csan_dev_atomic_read4(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 4, i32 %site, i32 2)
  ret ptr %addr
}

define ptr @__csan_dev_atomic_read8(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 8, i32 %site, i32 2)
  ret ptr %addr
}

define ptr @__csan_dev_atomic_read16(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 16, i32 %site, i32 2)
  ret ptr %addr
}

define ptr @__csan_dev_atomic_write1(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 1, i32 %site, i32 3)
  ret ptr %addr
}

define ptr @__csan_dev_atomic_write2(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 2, i32 %site, i32 3)
  ret ptr %addr
}

define ptr @__csan_dev_atomic_write4(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 4, i32 %site, i32 3)
  ret ptr %addr
}

define ptr @__csan_dev_atomic_write8(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 8, i32 %site, i32 3)
  ret ptr %addr
}

define ptr @__csan_dev_atomic_write16(ptr %ctx, ptr %addr, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 16, i32 %site, i32 3)
  ret ptr %addr
}

; After a wait on the grid dependencies: the context to use.
define ptr @__csan_dev_pdl_post(ptr %ctx) #0 {
  ret ptr %ctx
}

define void @__csan_dev_read_range(ptr %ctx, ptr %addr, i64 %size, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 %size, i32 %site, i32 0)
  ret void
}

define void @__csan_dev_write_range(ptr %ctx, ptr %addr, i64 %size, i32 %site) #0 {
  call void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 %size, i32 %site, i32 1)
  ret void
}

; The part a real runtime would not inline.
define void @__csan_test_slow_path(ptr %ctx, ptr %addr, i64 %size, i32 %site, i32 %access) #1 {
entry:
  %none = icmp eq ptr %ctx, null
  br i1 %none, label %done, label %record

record:
  store volatile i32 %site, ptr addrspace(1) @__csan_test_last_site, align 4
  br label %done

done:
  ret void
}

define void @__csan_test_unused_function() #1 {
  store volatile i32 1, ptr addrspace(1) @__csan_test_unused_global, align 4
  ret void
}

attributes #0 = { alwaysinline nounwind "target-cpu"="sm_75" "target-features"="+ptx64,+sm_75" }
attributes #1 = { noinline nounwind "target-cpu"="sm_75" "target-features"="+ptx64,+sm_75" }

; Flags a user module may set differently: the link pass must drop them.
!llvm.module.flags = !{!0}
!0 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
