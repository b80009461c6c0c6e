; Programmatic dependent launch (csan_abi.h, CSAN_CTX_F_PDL_PAIR): the twin
; of a kernel that waits on its grid dependencies takes a pair of contexts,
; and its accesses after the wait use the second (__csan_dev_pdl_post of the
; one before). Waits are the PTX instruction (inline asm or the NVVM
; intrinsic), CUDA's cudaGridDependencySynchronize when it is not inlined,
; and calls of device functions that wait (their clones switch inside, from
; the context they are given; the caller switches after the call). Where the
; wait is on one path only, the accesses after the join take a phi of the
; two. A kernel that does not wait keeps one context and no switch.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-LABEL: define void @waits_then_writes__csan(ptr %p, ptr %csan.ctx)
; CHECK:       call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK:       call void asm sideeffect "griddepcontrol.wait;", "~{memory}"()
; CHECK-NEXT:  %[[CP:.*]] = call ptr @__csan_dev_pdl_post(ptr %csan.ctx)
; CHECK:       call ptr @__csan_dev_write4(ptr %[[CP]], ptr %p,

; CHECK-LABEL: define ptx_kernel void @asm_wait__csan(ptr %p, ptr noundef byval([2 x %struct.csan_launch_ctx]) align 8 "nvvm.grid_constant" %csan.ctx)
; CHECK:       call ptr @__csan_dev_read4(ptr %csan.ctx, ptr %p,
; CHECK:       call void asm sideeffect "griddepcontrol.wait;", "~{memory}"()
; CHECK-NEXT:  %[[A:.*]] = call ptr @__csan_dev_pdl_post(ptr %csan.ctx)
; CHECK:       call ptr @__csan_dev_write4(ptr %[[A]], ptr %p,
define ptx_kernel void @asm_wait(ptr %p) {
  %v = load i32, ptr %p, align 4
  call void asm sideeffect "griddepcontrol.wait;", "~{memory}"()
  store i32 %v, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @intrinsic_wait__csan(ptr %p, ptr noundef byval([2 x %struct.csan_launch_ctx])
; CHECK:       call void @llvm.nvvm.griddepcontrol.wait()
; CHECK-NEXT:  %[[I:.*]] = call ptr @__csan_dev_pdl_post(ptr %csan.ctx)
; CHECK:       call ptr @__csan_dev_write4(ptr %[[I]], ptr %p,
define ptx_kernel void @intrinsic_wait(ptr %p) {
  call void @llvm.nvvm.griddepcontrol.wait()
  store i32 1, ptr %p, align 4
  ret void
}

; Not inlined (-O0): CUDA's function is the wait point.
; CHECK-LABEL: define ptx_kernel void @cuda_function__csan(ptr %p, ptr noundef byval([2 x %struct.csan_launch_ctx])
; CHECK:       call void @cudaGridDependencySynchronize()
; CHECK-NEXT:  %[[F:.*]] = call ptr @__csan_dev_pdl_post(ptr %csan.ctx)
; CHECK:       call ptr @__csan_dev_write4(ptr %[[F]], ptr %p,
define ptx_kernel void @cuda_function(ptr %p) {
  call void @cudaGridDependencySynchronize()
  store i32 1, ptr %p, align 4
  ret void
}

; A device function that waits: its clone gets the caller's context, and
; the caller switches after the call.
; CHECK-LABEL: define ptx_kernel void @callee_waits__csan(ptr %p, ptr noundef byval([2 x %struct.csan_launch_ctx])
; CHECK:       call void @waits_then_writes__csan(ptr %p, ptr %csan.ctx)
; CHECK-NEXT:  %[[C:.*]] = call ptr @__csan_dev_pdl_post(ptr %csan.ctx)
; CHECK:       call ptr @__csan_dev_write4(ptr %[[C]], ptr %p,
define ptx_kernel void @callee_waits(ptr %p) {
  call void @waits_then_writes(ptr %p)
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 1
  store volatile i32 %w, ptr %p, align 4
  ret void
}

; The wait on one path: the access after the join uses a phi.
; CHECK-LABEL: define ptx_kernel void @wait_on_one_path__csan(ptr %p, i1 %c, ptr noundef byval([2 x %struct.csan_launch_ctx])
; CHECK:       wait:
; CHECK:       %[[W:.*]] = call ptr @__csan_dev_pdl_post(ptr %csan.ctx)
; CHECK:       join:
; CHECK-NEXT:  %[[PHI:.*]] = phi ptr [ %[[W]], %wait ], [ %csan.ctx, %entry ]
; CHECK:       call ptr @__csan_dev_write4(ptr %[[PHI]], ptr %p,
define ptx_kernel void @wait_on_one_path(ptr %p, i1 %c) {
entry:
  br i1 %c, label %wait, label %join
wait:
  call void asm sideeffect "griddepcontrol.wait;", "~{memory}"()
  br label %join
join:
  store i32 2, ptr %p, align 4
  ret void
}

; CHECK-LABEL: define ptx_kernel void @no_wait__csan(ptr %p, ptr noundef byval(%struct.csan_launch_ctx) align 8 "nvvm.grid_constant" %csan.ctx)
; CHECK-NOT:   __csan_dev_pdl_post
; CHECK:       ret void
define ptx_kernel void @no_wait(ptr %p) {
  store i32 3, ptr %p, align 4
  ret void
}

define void @waits_then_writes(ptr %p) {
  store i32 1, ptr %p, align 4
  call void asm sideeffect "griddepcontrol.wait;", "~{memory}"()
  store i32 2, ptr %p, align 4
  ret void
}

define internal void @cudaGridDependencySynchronize() {
  call void asm sideeffect "griddepcontrol.wait;", "~{memory}"()
  ret void
}

declare void @llvm.nvvm.griddepcontrol.wait()
