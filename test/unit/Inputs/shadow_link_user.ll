; A user module as csan-device leaves it: a twin and a device-function clone
; with the context as a parameter, and one check of each kind calling the
; runtime.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@__csan_module_anchor = weak addrspace(1) constant i8 0

declare ptr @__csan_dev_write4(ptr, ptr, i32)
declare ptr @__csan_dev_read1(ptr, ptr, i32)
declare ptr @__csan_dev_atomic_write8(ptr, ptr, i32)
declare ptr @__csan_dev_atomic_read16(ptr, ptr, i32)
declare void @__csan_dev_read_range(ptr, ptr, i64, i32)
declare void @__csan_dev_write_range(ptr, ptr, i64, i32)

define void @helper__csan(ptr %p, float %v, ptr %ctx) {
  call ptr @__csan_dev_write4(ptr %ctx, ptr %p, i32 64)
  store float %v, ptr %p
  ret void
}

define ptx_kernel void @k__csan(ptr %p, i64 %n, ptr byval([1088 x i8]) align 8 "nvvm.grid_constant" %ctx) {
  call void @helper__csan(ptr %p, float 1.0, ptr %ctx)
  call ptr @__csan_dev_read1(ptr %ctx, ptr %p, i32 32)
  %b = load i8, ptr %p
  %q = getelementptr i8, ptr %p, i64 8
  call ptr @__csan_dev_atomic_write8(ptr %ctx, ptr %q, i32 96)
  %old = atomicrmw add ptr %q, i64 1 monotonic
  call ptr @__csan_dev_atomic_read16(ptr %ctx, ptr %p, i32 128)
  call void @__csan_dev_read_range(ptr %ctx, ptr %p, i64 %n, i32 160)
  call void @__csan_dev_write_range(ptr %ctx, ptr %q, i64 %n, i32 192)
  ret void
}
