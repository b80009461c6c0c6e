; A kernel writes the per-block context slot (prologue) only when something
; it calls may read it: an instrumented device function of the module, an
; external function (another -fgpu-rdc translation unit) or an indirect
; call. The plain kernel then writes null, the twin its context, also for a
; kernel opted out of instrumentation (or its callee would read what an
; earlier block left in shared memory). A kernel that reaches no reader gets
; no prologue, and a module with no reader and no prologue gets no slot, so
; csan adds no static shared memory to it.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s
; RUN: sed -e '/^; CALLS-BEGIN$/,/^; CALLS-END$/d' %s | %opt -passes=csan-device -S | FileCheck %s --check-prefix=NOSLOT

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: @__csan_ctx_slot = weak addrspace(3) global ptr undef, align 8
; NOSLOT-NOT: @__csan_ctx_slot

; A device function without global accesses (kept in the NOSLOT variant): no checks, no slot read.
; CHECK-LABEL: define i32 @pure_helper(
; CHECK-NOT:     __csan_dev_ctx
define i32 @pure_helper(i32 %x) noinline {
  %y = add i32 %x, 1
  ret i32 %y
}

; Calls no reader: no prologue in the kernel nor in its twin.
; CHECK-LABEL: define ptx_kernel void @no_reader(
; CHECK-NOT:     __csan_dev_kernel_entry
; CHECK:         ret void
; NOSLOT-LABEL: define ptx_kernel void @no_reader(
; NOSLOT-NOT:    __csan_dev_kernel_entry
define ptx_kernel void @no_reader(ptr %p) {
  %v = call i32 @pure_helper(i32 3)
  store i32 %v, ptr %p, align 4
  ret void
}

; CALLS-BEGIN
; An instrumented device function: it reads the slot.
; CHECK-LABEL: define void @store_helper(
; CHECK:         call ptr @__csan_dev_ctx()
define void @store_helper(ptr %p) noinline {
  store i32 1, ptr %p, align 4
  ret void
}

; Calls a reader directly.
; CHECK-LABEL: define ptx_kernel void @direct(
; CHECK-NEXT:    call void @__csan_dev_kernel_entry(ptr null)
define ptx_kernel void @direct(ptr %p) {
  call void @store_helper(ptr %p)
  ret void
}

; Calls a reader through a device function that has no checks itself.
; CHECK-LABEL: define void @forward(
; CHECK-NOT:     __csan_dev_ctx
define void @forward(ptr %p) noinline {
  call void @store_helper(ptr %p)
  ret void
}
; CHECK-LABEL: define ptx_kernel void @transitive(
; CHECK-NEXT:    call void @__csan_dev_kernel_entry(ptr null)
define ptx_kernel void @transitive(ptr %p) {
  call void @forward(ptr %p)
  ret void
}

; Calls a function defined elsewhere (-fgpu-rdc).
declare void @elsewhere(ptr)
; CHECK-LABEL: define ptx_kernel void @external(
; CHECK-NEXT:    call void @__csan_dev_kernel_entry(ptr null)
define ptx_kernel void @external(ptr %p) {
  call void @elsewhere(ptr %p)
  ret void
}

; Calls through a pointer.
; CHECK-LABEL: define ptx_kernel void @indirect(
; CHECK-NEXT:    call void @__csan_dev_kernel_entry(ptr null)
define ptx_kernel void @indirect(ptr %f, ptr %p) {
  call void %f(ptr %p)
  ret void
}

; Opted out, but calls a reader: no twin, a null prologue all the same.
; CHECK-LABEL: define ptx_kernel void @opted_out(
; CHECK-NEXT:    call void @__csan_dev_kernel_entry(ptr null)
; CHECK-NEXT:    call void @store_helper(
define ptx_kernel void @opted_out(ptr %p) disable_sanitizer_instrumentation {
  call void @store_helper(ptr %p)
  ret void
}

; The twins pass their context; a twin that reaches no reader writes nothing.
; CHECK-LABEL: define ptx_kernel void @no_reader__csan(
; CHECK-NOT:     __csan_dev_kernel_entry
; CHECK:         call void @__csan_dev_write4(
; CHECK-LABEL: define ptx_kernel void @direct__csan(
; CHECK-NEXT:    call void @__csan_dev_kernel_entry(ptr %csan.ctx)
; CHECK-LABEL: define ptx_kernel void @transitive__csan(
; CHECK-NEXT:    call void @__csan_dev_kernel_entry(ptr %csan.ctx)
; CHECK-LABEL: define ptx_kernel void @external__csan(
; CHECK-NEXT:    call void @__csan_dev_kernel_entry(ptr %csan.ctx)
; CHECK-LABEL: define ptx_kernel void @indirect__csan(
; CHECK-NEXT:    call void @__csan_dev_kernel_entry(ptr %csan.ctx)
; CHECK-NOT:   @opted_out__csan
; CALLS-END

