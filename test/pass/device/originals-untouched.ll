; The code the user compiled stays exactly as it was: a kernel and the
; device functions it calls keep their bodies, attributes and calls, and
; the module gets no shared memory and no prologue. Only the copies (the
; twin k__csan and the clones f__csan) check and call copies.
; RUN: %opt -passes=csan-device -S %s -o %t.ll
; RUN: FileCheck %s < %t.ll
; Every original function is line for line what it was before the pass
; (attribute group numbers aside; the groups are checked below):
; RUN: %opt -S %s | sed -n '/^define/,/^}/p' | sed 's/ #[0-9]*//g' > %t.before
; RUN: sed -n '/^define/,/^}/p' %t.ll | sed 's/ #[0-9]*//g' | awk '/^define .*__csan\(/{skip=1} !skip{print} /^}/{skip=0}' > %t.after
; RUN: diff %t.before %t.after

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK-NOT: addrspace(3) global
; CHECK-NOT: __csan_dev_kernel_entry

define void @store_helper(ptr %p) noinline memory(argmem: write) nosync {
  store i32 1, ptr %p, align 4
  ret void
}

; Calls a function with checks through one without.
define void @forward(ptr %p) noinline {
  call void @store_helper(ptr %p) memory(argmem: write)
  ret void
}

define ptx_kernel void @k(ptr %p) {
  call void @forward(ptr %p)
  store i32 2, ptr %p, align 4
  ret void
}

; The clone of the function with checks drops the attributes the checks
; break (they read and write the shadow); the original keeps them.
; CHECK:       define void @store_helper(ptr %p) #[[ORIG:[0-9]+]] {
; CHECK:       define void @store_helper__csan(ptr %p, ptr %csan.ctx) #[[CLONE:[0-9]+]] {
; CHECK:         call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; A function without checks that calls one with checks gets a clone too:
; CHECK-LABEL: define void @forward__csan(ptr %p, ptr %csan.ctx)
; CHECK-NEXT:    call void @store_helper__csan(ptr %p, ptr %csan.ctx){{$}}
; CHECK-LABEL: define ptx_kernel void @k__csan(
; CHECK:         call void @forward__csan(ptr %p, ptr %csan.ctx)
; CHECK:         call ptr @__csan_dev_write4(ptr %csan.ctx, ptr %p,
; CHECK: attributes #[[ORIG]] = { noinline nosync memory(argmem: write) }
; CHECK: attributes #[[CLONE]] = { noinline }
