; A runtime that does not define an entry point the module calls is an error
; that names the entry point (the module would not assemble otherwise).
; RUN: llvm-as %S/Inputs/rt_incomplete.ll -o %t.rt.bc
; RUN: %not %opt -passes=csan-device,csan-device-link -csan-rt-bitcode=%t.rt.bc -disable-output %s 2>&1 | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: error: csan: device runtime '{{.*}}.rt.bc' does not define '__csan_dev_write4'
; CHECK-NOT: does not define '__csan_dev_read1'
define ptx_kernel void @k(ptr %p) {
  store i32 1, ptr %p, align 4
  %v = load i8, ptr %p, align 1
  ret void
}
