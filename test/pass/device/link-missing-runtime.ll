; An instrumented module and no readable device runtime: a clear error naming
; the path and the reason, not a crash and not a silent pass.
; RUN: %not %opt -passes=csan-device,csan-device-link -csan-rt-bitcode=%t.does-not-exist.bc -disable-output %s 2>&1 | FileCheck %s --check-prefix=MISSING
; RUN: echo "not bitcode" > %t.garbage.bc
; RUN: %not %opt -passes=csan-device,csan-device-link -csan-rt-bitcode=%t.garbage.bc -disable-output %s 2>&1 | FileCheck %s --check-prefix=GARBAGE

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; MISSING: error: csan: cannot load device runtime '{{.*}}does-not-exist.bc': {{.*}}No such file or directory
; GARBAGE: error: csan: cannot load device runtime '{{.*}}garbage.bc': {{.+}}
define ptx_kernel void @k(ptr %p) {
  store i32 1, ptr %p, align 4
  ret void
}
