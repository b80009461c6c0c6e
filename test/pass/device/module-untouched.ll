; A device module without kernels and without checked accesses is left as
; it is: no anchor, no slot, no runtime declarations.
; RUN: %opt -passes=csan-device -S %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@smem = internal addrspace(3) global [4 x i32] undef

; CHECK-NOT: __csan
define i32 @f(ptr addrspace(3) %s) {
  %v = load i32, ptr addrspace(3) %s, align 4
  ret i32 %v
}
